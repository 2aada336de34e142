// Endpoint health after each delivery attempt: the failing period starts and ends, the partner is warned once and
// the endpoint disabled once, each with an email to its alert address; nothing is written while nothing changes.
import { eventSource } from '#shared/events/pipeline';
import type { WebhookSettings } from '#shared/domain/partner';
import { deliverWebhook } from '#shared/usecases/deliver-webhook';
import { disableAtOf, endpointDisabledEmail, healthThresholds } from '#shared/webhooks/endpoint-health';
import { dispatcherDeps, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

const attempt = async (webhook: Partial<WebhookSettings>, status: number) => {
  const profile = makePartnerProfile();
  profile.webhook = { ...profile.webhook, alert_email: 'ops@partner.example', ...webhook };
  const { deps, health } = dispatcherDeps({ profile, post: async () => ({ status, latencyMs: 4 }), now: NOW });
  const event = makeDomainEvent();
  const body = JSON.stringify({ version: '0', source: eventSource, 'detail-type': event.event, detail: event });
  await deliverWebhook({ messageId: 'm-1', receiptHandle: 'r-1', firstReceivedAt: '1', body }, deps).catch(() => undefined);
  return health.writes;
};

describe('Use case: endpoint health after a delivery attempt', () => {
  it('starts the failing period at the first failure of a healthy endpoint', async () => {
    expect(await attempt({}, 503)).toEqual([{ change: 'markFailing', at: NOW.toISOString() }]);
  });

  it('writes nothing for a success of a healthy endpoint, or a failure of one failing for less than the warning time', async () => {
    expect(await attempt({}, 200)).toEqual([]);
    expect(await attempt({ failing_since: hoursAgo(23) }, 500)).toEqual([]);
  });

  it('ends the failing period at the first success', async () => {
    expect(await attempt({ failing_since: hoursAgo(30), failure_warning_sent_at: hoursAgo(6) }, 204)).toEqual([{ change: 'markRecovered' }]);
  });

  it('warns once after 24 hours of failures, by email to the alert address, naming when it will be disabled', async () => {
    const writes = await attempt({ failing_since: hoursAgo(25) }, 410);
    const again = await attempt({ failing_since: hoursAgo(26), failure_warning_sent_at: hoursAgo(1) }, 503);

    expect(writes).toEqual([
      {
        change: 'warn',
        since: hoursAgo(25),
        at: NOW.toISOString(),
        emailTo: 'ops@partner.example',
        emailSubject: 'Your webhook endpoint is failing',
      },
    ]);
    expect(again).toEqual([]);
  });

  it('disables the endpoint after 72 hours of failures, with the reason and an email', async () => {
    const writes = await attempt({ failing_since: hoursAgo(72), failure_warning_sent_at: hoursAgo(48) }, 503);

    expect(writes).toEqual([
      {
        change: 'disable',
        since: hoursAgo(72),
        at: NOW.toISOString(),
        reason: `disabled automatically: no delivery succeeded since ${hoursAgo(72)}`,
        emailTo: 'ops@partner.example',
        emailSubject: 'Your webhook endpoint was disabled',
      },
    ]);
  });

  it('warns without an email when the partner gave no alert address', async () => {
    expect(await attempt({ failing_since: hoursAgo(25), alert_email: null }, 503)).toEqual([
      { change: 'warn', since: hoursAgo(25), at: NOW.toISOString(), emailTo: undefined, emailSubject: undefined },
    ]);
  });

  it('tells the partner to recover from an hour before the failures began, so the delivery that opened them is sent too', () => {
    const email = endpointDisabledEmail({
      to: 'ops@partner.example',
      url: 'https://hooks.partner.example',
      failingSince: '2026-11-27T07:30:03.183Z',
    });

    expect(email.text).toContain('POST /webhooks/deliveries/recover {"since": "2026-11-27T06:30:03.183Z"}');
  });
});

describe('Endpoint health: when a failing endpoint will be disabled', () => {
  it('is the failing start plus the disabling period, and none for a healthy or an already disabled endpoint', () => {
    const { webhook } = makePartnerProfile();
    const thresholds = healthThresholds({});

    expect(disableAtOf({ ...webhook, failing_since: hoursAgo(30) }, thresholds)).toBe(new Date(NOW.getTime() + 42 * 3_600_000).toISOString());
    expect(disableAtOf({ ...webhook, failing_since: null }, thresholds)).toBeNull();
    expect(disableAtOf({ ...webhook, failing_since: hoursAgo(80), disabled_at: hoursAgo(8) }, thresholds)).toBeNull();
  });
});
