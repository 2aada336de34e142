// Partner recovery by time (POST /webhooks/deliveries/recover): an event whose deliveries failed more than once goes
// out once, also when a second recovery starts while the first is between its writes.
import { defaultWebhookSettings } from '#shared/domain/partner';
import { recoverWebhookDeliveries, type WebhookRecoveryDeps } from '#shared/usecases/partner-webhooks';
import type { PartnerDeliveryLog } from '#shared/usecases/ports/webhooks';
import type { DeliveryRecord } from '#shared/webhooks/delivery-model';
import { makeDeliveryRecord, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';

/**
 * A log holding one event with two dead-lettered deliveries, started at `startedAt` (the first is the newer); pages as
 * the store does (newest first, by time and event, `limit` at a time); a mark is conditional, as the store's
 * transaction is.
 */
const logWithTwoFailures = (startedAt: readonly [string, string] = ['2026-11-20T09:00:00.000Z', '2026-11-20T08:00:00.000Z']) => {
  const event = makeDomainEvent();
  const records = new Map<string, DeliveryRecord>(
    (['dlv_a', 'dlv_b'] as const).map((id, index) => [
      id,
      makeDeliveryRecord({ delivery_id: id, status: 'dead_lettered', recovered_at: null, created_at: startedAt[index] }),
    ]),
  );
  const replays: string[] = [];
  const beforeReplayCall: Array<(() => Promise<unknown>) | undefined> = [];
  let calls = 0;
  const deliveries: Pick<PartnerDeliveryLog, 'page' | 'findPartnerEvent' | 'unrecoveredFailuresOf' | 'requestReplay'> = {
    page: async (_partnerId, query) => {
      const matching = [...records.values()]
        .filter((record) => !(query.unrecoveredOnly && record.recovered_at))
        .filter((record) => query.eventId === undefined || record.event_id === query.eventId)
        .filter(
          (record) =>
            (query.since === undefined || record.created_at >= query.since) && (query.until === undefined || record.created_at <= query.until),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .filter((record) => query.after === undefined || record.created_at < query.after);
      // Copies, as every read of the store gives
      const page = matching.slice(0, query.limit).map((record) => ({ ...record }));
      return { records: page, nextPosition: matching.length > page.length ? page.at(-1)?.created_at : undefined };
    },
    findPartnerEvent: async () => event,
    unrecoveredFailuresOf: async () => [...records.values()].filter((record) => !record.recovered_at).map((record) => ({ ...record })),
    async requestReplay(replayed, { now, recovering = [], markOnly = false }) {
      await beforeReplayCall[calls++]?.();
      if (recovering.some((record) => records.get(record.delivery_id)?.recovered_at)) return false;
      for (const record of recovering) records.set(record.delivery_id, { ...record, recovered_at: now });
      if (!markOnly) replays.push(replayed.event_id);
      return true;
    },
  };
  const deps = {
    deliveries,
    partners: { getProfile: async () => makePartnerProfile({ webhook: { ...defaultWebhookSettings(), url: 'https://hooks.example.com/esim' } }) },
    throttle: { hit: async () => ({ count: 1, resetAt: new Date('2026-11-20T10:01:00.000Z') }) },
    clock: { now: () => new Date('2026-11-20T10:00:00.000Z') },
  } as unknown as WebhookRecoveryDeps;
  return { deps, records, replays, beforeReplayCall };
};

describe('Use case: recoverWebhookDeliveries by time', () => {
  it('sends the event once and marks both failed deliveries recovered', async () => {
    // Prepare
    const { deps, records, replays } = logWithTwoFailures();

    // Act
    const result = await recoverWebhookDeliveries('ptn_test', { since: '2026-11-20T00:00:00.000Z' }, deps);

    // Assess
    expect(result).toEqual({ queued: 1, event_ids: ['booking.within_cutoff:b-1'], more: false });
    expect(replays).toEqual(['booking.within_cutoff:b-1']);
    expect([...records.values()].map((record) => record.recovered_at)).toEqual(['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z']);
  });

  it.each([
    ['a later call, when the call limit parted them', { limit: 1 }, { limit: 1 }],
    [
      'a recovery of another time range, when the first range held one of them',
      { since: '2026-11-20T08:30:00.000Z' },
      { since: '2026-11-20T07:00:00.000Z', until: '2026-11-20T08:30:00.000Z' },
    ],
  ])('marks the failed deliveries of the event it sends that it did not find too, so %s sends nothing', async (_, first, second) => {
    // Prepare
    const { deps, records, replays } = logWithTwoFailures();

    // Act
    const sent = await recoverWebhookDeliveries('ptn_test', first, deps);
    const again = await recoverWebhookDeliveries('ptn_test', second, deps);

    // Assess
    expect(sent).toMatchObject({ queued: 1, event_ids: ['booking.within_cutoff:b-1'] });
    expect(again).toEqual({ queued: 0, event_ids: [], more: false });
    expect(replays).toEqual(['booking.within_cutoff:b-1']);
    expect([...records.values()].map((record) => record.recovered_at)).toEqual(['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z']);
  });

  it('sends the event once when a second recovery runs while the first is between its writes', async () => {
    // Prepare: the second recovery starts just before the first one's second write, if it makes one
    const { deps, records, replays, beforeReplayCall } = logWithTwoFailures();
    const recover = () => recoverWebhookDeliveries('ptn_test', { since: '2026-11-20T00:00:00.000Z' }, deps);
    let second: Promise<unknown> | undefined;
    beforeReplayCall[1] = () => (second = recover());

    // Act
    await recover();
    await (second ?? recover());

    // Assess
    expect(replays).toEqual(['booking.within_cutoff:b-1']);
    expect([...records.values()].every((record) => record.recovered_at)).toBe(true);
  });
});
