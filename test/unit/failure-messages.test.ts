// What support sees of the two failure queues' messages, and where a bus event that could not be queued belongs.
import { busDeadLetterRefusal, busDeadLetterSummary, busEventTarget, streamFailureSummary } from '#shared/events/failure-messages';
import { eventSource } from '#shared/events/pipeline';

const busEvent = (detailType: string, detail: object = {}) => JSON.stringify({ source: eventSource, 'detail-type': detailType, detail });

describe('failure queue messages', () => {
  it.each([
    ['a webhook event', busEvent('esim.installed'), 'webhookQueue'],
    ['an email request', busEvent('email.requested'), 'emailQueue'],
    ['an event no rule matches', busEvent('no.such.event'), undefined],
    ['another source', JSON.stringify({ source: 'aws.events', 'detail-type': 'esim.installed' }), undefined],
    ['a body that is no JSON', 'not json', undefined],
    ['a JSON array', '[]', undefined],
  ])('routes %s by the bus rules', (_case, body, target) => {
    expect(busEventTarget(body)).toBe(target);
  });

  it("names a bus dead letter's partner, event and error, never its data", () => {
    // Prepare
    const body = busEvent('email.requested', {
      partner_id: 'ptn_1',
      event_id: 'email.requested:r-1:0',
      data: { to: 'traveler@example.com', text: 'Code SECR-ETCO-DE12' },
    });

    // Act
    const summary = busDeadLetterSummary({
      body,
      attributes: { RULE_ARN: 'arn:aws:events:eu-west-1:1:rule/bus/EmailDelivery', ERROR_CODE: 'Throttled' },
    });

    // Assess
    expect(summary).toEqual({
      detail_type: 'email.requested',
      partner_id: 'ptn_1',
      event_id: 'email.requested:r-1:0',
      target: 'emailQueue',
      rule: 'EmailDelivery',
      error_code: 'Throttled',
      error_message: null,
    });
    expect(JSON.stringify(summary)).not.toMatch(/traveler@example\.com|SECR-ETCO-DE12/);
  });

  it('reads an arrival time at the end of the date range without failing: readable_until is unknown', () => {
    const body = JSON.stringify({ DDBStreamBatchInfo: { approximateArrivalOfFirstRecord: '+275760-09-13T00:00:00.000Z' } });

    expect(streamFailureSummary({ body }).readable_until).toBeNull();
  });

  it.each([
    ['one the bus dead-lettered', { RULE_ARN: 'arn:aws:events:eu-west-1:1:rule/bus/WebhookDelivery' }, 'esim.installed', undefined],
    ['one without the rule EventBridge names', {}, 'esim.installed', /RULE_ARN/],
    ['one whose name and detail disagree', { RULE_ARN: 'arn:x' }, 'esim.removed', /detail\.event/],
  ])('sends on only what the bus dead-lettered: %s', (_case, attributes, detailEvent, refusal) => {
    const body = busEvent('esim.installed', { event: detailEvent });

    const reason = busDeadLetterRefusal({ body, attributes });

    if (refusal) expect(reason).toMatch(refusal);
    else expect(reason).toBeUndefined();
  });

  it('reads a malformed failure record as unknown fields rather than failing the listing', () => {
    expect(busDeadLetterSummary({ body: '{', attributes: {} })).toMatchObject({ detail_type: null, partner_id: null, target: null, rule: null });
    expect(streamFailureSummary({ body: JSON.stringify({ DDBStreamBatchInfo: { approximateArrivalOfFirstRecord: 'soon' } }) })).toMatchObject({
      shard_id: null,
      first_record_at: 'soon',
      readable_until: null,
    });
  });
});
