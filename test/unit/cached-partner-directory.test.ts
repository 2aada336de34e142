// tests → storage → the in-memory partner profile cache: one read per time-to-live, changes seen once it expires.
import type { PartnerProfile } from '#shared/domain/partner';
import { cachedPartnerDirectory, PROFILE_CACHE_TTL_MS } from '#shared/storage/cached-partner-directory';
import { makePartnerProfile } from '#test/support/fakes';

/** A directory that counts its reads, and a clock the test moves. */
const makeSetup = () => {
  let stored: PartnerProfile | undefined = makePartnerProfile({ partner_id: 'p-1', name: 'Before' });
  let reads = 0;
  let now = 1_763_812_800_000;
  const directory = cachedPartnerDirectory(
    { getProfile: async (partnerId) => (reads++, stored?.partner_id === partnerId ? stored : undefined) },
    { clock: { now: () => new Date(now) } },
  );
  return {
    directory,
    reads: () => reads,
    advance: (ms: number) => (now += ms),
    replace: (profile: PartnerProfile | undefined) => (stored = profile),
  };
};

describe('Function: cachedPartnerDirectory', () => {
  it('reads a profile once per time-to-live', async () => {
    // Prepare
    const setup = makeSetup();

    // Act
    const first = await setup.directory.getProfile('p-1');
    setup.advance(PROFILE_CACHE_TTL_MS - 1);
    const second = await setup.directory.getProfile('p-1');

    // Assess
    expect(second).toEqual(first);
    expect(setup.reads()).toBe(1);
  });

  it('returns a changed profile once the time-to-live has passed', async () => {
    // Prepare
    const setup = makeSetup();
    await setup.directory.getProfile('p-1');
    setup.replace(makePartnerProfile({ partner_id: 'p-1', name: 'After' }));

    // Act
    setup.advance(PROFILE_CACHE_TTL_MS);
    const profile = await setup.directory.getProfile('p-1');

    // Assess
    expect(profile?.name).toBe('After');
    expect(setup.reads()).toBe(2);
  });

  it('never caches an unknown partner', async () => {
    // Prepare
    const setup = makeSetup();
    setup.replace(undefined);
    await setup.directory.getProfile('p-1');
    setup.replace(makePartnerProfile({ partner_id: 'p-1' }));

    // Act
    const profile = await setup.directory.getProfile('p-1');

    // Assess
    expect(profile?.partner_id).toBe('p-1');
    expect(setup.reads()).toBe(2);
  });
});
