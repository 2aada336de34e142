// Partner recovery by time (POST /webhooks/deliveries/recover): an event whose deliveries failed more than once goes
// out once, also when a second recovery starts while the first is between its writes.
import { defaultWebhookSettings } from '#shared/domain/partner';
import { recoverWebhookDeliveries, type WebhookRecoveryDeps } from '#shared/usecases/partner-webhooks';
import type { PartnerDeliveryLog } from '#shared/usecases/ports/webhooks';
import type { DeliveryRecord } from '#shared/webhooks/delivery-model';
import { makeDeliveryRecord, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';

/** A log holding one event with two dead-lettered deliveries; a mark is conditional, as the store's transaction is. */
const logWithTwoFailures = () => {
  const event = makeDomainEvent();
  const records = new Map<string, DeliveryRecord>(
    ['dlv_a', 'dlv_b'].map((id) => [id, makeDeliveryRecord({ delivery_id: id, status: 'dead_lettered', recovered_at: null })]),
  );
  const replays: string[] = [];
  const beforeReplayCall: Array<(() => Promise<unknown>) | undefined> = [];
  let calls = 0;
  const deliveries: Pick<PartnerDeliveryLog, 'page' | 'findPartnerEvent' | 'requestReplay'> = {
    page: async () => ({ records: [...records.values()].filter((record) => !record.recovered_at), nextPosition: undefined }),
    findPartnerEvent: async () => event,
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
