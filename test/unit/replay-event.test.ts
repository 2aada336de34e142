// Support's webhook tools: the replay of one recorded event (`npm run ops -- events replay`) is refused, as the
// partner's own recovery is, while the partner has no webhook URL or its endpoint is disabled; a partner's delivery list
// names an unknown partner and reads each delivery in the log's documented order.
import { listDeliveries, replayEvent } from '#shared/usecases/manage-webhooks';
import { defaultWebhookSettings } from '#shared/domain/partner';
import { makeDeliveryAttempt, makeDeliveryRecord, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';

const replayDeps = (url: string | null, disabledAt: string | null = null) => {
  const enqueued: unknown[] = [];
  const deps = {
    deliveries: {
      findEvent: async () => makeDomainEvent(),
      byEvent: async () => [],
      findPartnerEvent: async () => makeDomainEvent(),
      requestReplay: async () => true,
    },
    queue: { enqueue: async (message: unknown) => void enqueued.push(message) },
    partners: { getProfile: async () => makePartnerProfile({ webhook: { ...defaultWebhookSettings(), url, disabled_at: disabledAt } }) },
    clock: { now: () => new Date('2026-11-20T10:00:00.000Z') },
  } as unknown as Parameters<typeof replayEvent>[1];
  return { deps, enqueued };
};

describe('Support replay of a recorded event', () => {
  it('refuses with 409 webhook_url_missing while the partner has no webhook URL, and queues nothing', async () => {
    const { deps, enqueued } = replayDeps(null);

    await expect(replayEvent('booking.within_cutoff:b-1', deps)).rejects.toMatchObject({ status: 409, code: 'webhook_url_missing' });
    expect(enqueued).toEqual([]);
  });

  it('refuses with 409 webhook_endpoint_disabled while the endpoint is disabled, and queues nothing', async () => {
    const { deps, enqueued } = replayDeps('https://hooks.example.com/esim', '2026-11-20T09:00:00.000Z');

    await expect(replayEvent('booking.within_cutoff:b-1', deps)).rejects.toMatchObject({ status: 409, code: 'webhook_endpoint_disabled' });
    expect(enqueued).toEqual([]);
  });

  it('queues the event again once a URL is set', async () => {
    const { deps, enqueued } = replayDeps('https://hooks.example.com/esim');

    const { event } = await replayEvent('booking.within_cutoff:b-1', deps);

    expect(event.event_id).toBe('booking.within_cutoff:b-1');
    expect(enqueued).toHaveLength(1);
  });
});

describe('Support listing of deliveries', () => {
  it('says a mistyped partner id is no partner, instead of a partner without deliveries', async () => {
    const deps = {
      deliveries: { byPartner: async () => [], byEvent: async () => [], attempts: async () => [] },
      partners: { getProfile: async () => undefined },
    } as unknown as Parameters<typeof listDeliveries>[1];

    await expect(listDeliveries({ partnerId: 'ptn_typo' }, deps)).rejects.toMatchObject({ status: 404, code: 'partner_not_found' });
  });

  it('says a mistyped event id is no recorded event', async () => {
    const deps = {
      deliveries: { findEvent: async () => undefined, byEvent: async () => [], attempts: async () => [] },
      partners: { getProfile: async () => undefined },
    } as unknown as Parameters<typeof listDeliveries>[1];

    await expect(listDeliveries({ eventId: 'booking.within_cutoff:typo' }, deps)).rejects.toMatchObject({ status: 404, code: 'event_not_found' });
  });

  it("shows each delivery's fields in the documented order, recovered_at and next_attempt_at always, and each attempt without the ids it repeats", async () => {
    // Prepare: a record as the store reads it, its fields in another order and the optional ones absent
    const {
      reason,
      status,
      recovered_at: _absent,
      ...rest
    } = makeDeliveryRecord({
      status: 'dead_lettered',
      attempts: 12,
      last_status_code: 503,
      reason: 'No success after 12 attempts',
    });
    const stored = { reason, ...rest, status };
    const deps = {
      deliveries: { findEvent: async () => makeDomainEvent(), byEvent: async () => [stored], attempts: async () => [makeDeliveryAttempt()] },
      partners: { getProfile: async () => makePartnerProfile() },
    } as unknown as Parameters<typeof listDeliveries>[1];

    // Act
    const [listed] = await listDeliveries({ eventId: 'booking.within_cutoff:b-1' }, deps);

    // Assess
    expect(Object.keys(listed!)).toEqual([
      'delivery_id',
      'event_id',
      'event',
      'partner_id',
      'status',
      'attempts',
      'last_status_code',
      'last_error',
      'reason',
      'replay',
      'recovered_at',
      'next_attempt_at',
      'created_at',
      'updated_at',
      'attempt_log',
    ]);
    expect(listed).toMatchObject({ status: 'dead_lettered', reason: 'No success after 12 attempts', recovered_at: null, next_attempt_at: null });
    expect(listed!.attempt_log).toEqual([
      { attempt: 1, at: '2026-11-20T10:00:01.000Z', verdict: 'retry', status_code: 503, latency_ms: 40, error: null, response_excerpt: '{}' },
    ]);
  });
});
