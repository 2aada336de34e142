// The dashboard reads a traveler's queue entries beside its identity look-up, not after it: one round trip less
// (docs/benchmarks-history.md, the dashboard against its floor, 2026-11-25).
import { travelerOverview, type TravelerOverviewDeps } from '#shared/usecases/traveler-overview';

/** Stores that record when each read is asked for and answered; the traveler look-up answers a few ticks later. */
const recordingDeps = () => {
  const reads: string[] = [];
  const deps = {
    travelers: {
      findByExternalUserId: async () => {
        reads.push('traveler look-up asked');
        for (let tick = 0; tick < 3; tick += 1) await Promise.resolve();
        reads.push('traveler look-up answered');
        return undefined;
      },
      queueRefs: async (_partnerId: string, key: string) => {
        reads.push(`queue entries of ${key} asked`);
        return [];
      },
    },
    bookings: { get: async () => undefined },
    partners: { getProfile: async () => undefined },
    brands: { resolve: async () => undefined },
    clock: { now: () => new Date('2026-12-01T00:00:00.000Z') },
  } as unknown as TravelerOverviewDeps;
  return { deps, reads };
};

describe('Use case: traveler dashboard reads', () => {
  it('asks for the queue entries by external_user_id before the traveler look-up has answered', async () => {
    // Prepare
    const { deps, reads } = recordingDeps();

    // Act
    const outcome = travelerOverview({ partnerId: 'p-1', externalUserId: 'u-1' }, deps);

    // Assess
    await expect(outcome).rejects.toMatchObject({ code: 'not_found' });
    expect(reads.indexOf('queue entries of u-1 asked')).toBeLessThan(reads.indexOf('traveler look-up answered'));
  });
});
