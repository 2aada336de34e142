// use cases on in-memory stores → redeeming a promo code or a package queue entry: the happy path, the races and
// the illegal transitions (second redemption, expired window, classic grant, another partner's code).
import { makePackageSpecification } from '#test/support/factories';
import { fakeEsimGo } from '#test/support/esimgo-fake';
import { makePartnerProfile, memoryProviderOrderJournal } from '#test/support/fakes';
import { DEFAULT_BUNDLE_TEMPLATE } from '#shared/providers/esimgo/bundle-names';
import { esimGoConnectivity } from '#shared/providers/esimgo/esimgo-connectivity';
import { memoryLifecycle, recordingProviderCalls } from '#test/support/in-memory/lifecycle';
import { RETRY_ATTEMPTS } from '#shared/usecases/retry';
import { redeemPackageQueueEntry } from '#shared/usecases/redeem-package-queue-entry';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { travelerOrderName } from '#shared/usecases/travelers';
import { signatureReused } from '#shared/errors';
import { assertRoomForPackage, MAX_PACKAGES_PER_TRAVELER, type TravelerPackage } from '#shared/domain/traveler';

const DAY = 86_400_000;

/** A booking with one universal grant addressed to traveler u-1 (a promo code and its queue entry). */
const bookGrant = async (world: ReturnType<typeof memoryLifecycle>, entry: Record<string, unknown> = {}) => {
  const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1', ...entry })] });
  const promo = booking.promo_codes[0];
  const queue = booking.package_queues[0];
  if (!promo || !queue) throw new Error('The booking has no grant.');
  return { booking, promo, queue };
};

/**
 * Another change of the booking (its destination edited, say) just before each of the next `times` writes: each
 * interfering write arms the next one only after it is done, so each lands before one attempt's own write.
 */
const changeBookingBeforeWrites = (world: ReturnType<typeof memoryLifecycle>, bookingId: string, times: number) => {
  let done = 0;
  const interfere = async () => {
    const current = await world.deps.bookings.get('ptn_test', bookingId);
    if (current) await world.deps.bookings.replace({ ...current, version: current.version + 1 });
    done += 1;
    if (done < times) world.table.beforeNextWrite(interfere);
  };
  world.table.beforeNextWrite(interfere);
  return () => done;
};

describe('Use case: redeemPromoCode', () => {
  it('consumes code and entry together and provisions the package on a new universal eSIM, in one write', async () => {
    // Prepare
    const world = memoryLifecycle();
    const { booking, promo, queue } = await bookGrant(world);

    // Act
    const redemption = await redeemPromoCode({ partnerId: 'ptn_test', code: promo.code.toLowerCase() }, world.deps);

    // Assess
    const stored = await world.deps.bookings.get('ptn_test', booking.id);
    expect(stored?.version).toBe(2);
    expect(stored?.promo_codes[0]).toMatchObject({ status: 'redeemed', redeemed_by: 'u-1', redeemed_at: '2026-06-01T00:00:00.000Z' });
    expect(stored?.package_queues[0]?.status).toBe('redeemed');
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.esims.map((e) => e.kind)).toEqual(['universal']);
    expect(traveler?.packages).toEqual([
      expect.objectContaining({ package_id: redemption.pkg.package_id, source: 'package_queue', package_queue_uuid: queue.uuid, destination: 'FRA' }),
    ]);
    expect(world.events().map((e) => e.event)).toEqual(['promo_code.redeemed']);
  });

  it("orders the eSIM under a key naming its traveler, the package under the grant's (F82, F168), each with the key used before", async () => {
    // Prepare: the provider's calls recorded by their keys
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world);
    const { deps, calls: keys } = recordingProviderCalls(world.deps);

    // Act
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, deps);

    // Assess: the former keys are exactly the ones journalled before each change
    expect(keys).toEqual([
      {
        call: 'allocateEsim',
        idempotencyKey: `ptn_test:esim:universal:${travelerOrderName({ externalUserId: 'u-1' })}`,
        formerIdempotencyKey: `ptn_test:universal:promo:${promo.uuid}:FRA:1GB:365d`,
      },
      {
        call: 'addPackage',
        idempotencyKey: `ptn_test:package:promo:${promo.uuid}:FRA:1GB:365d`,
        formerIdempotencyKey: `ptn_test:package:promo:${promo.uuid}`,
      },
    ]);
  });

  it('orders one eSIM when a new traveler redeems two grants at once over eSIM Go: the other package is a top-up on it (F168)', async () => {
    // Prepare: eSIM Go behind its adapter; a new traveler's two grants, the second redeemed just before the first's write
    const world = memoryLifecycle();
    const esimGo = fakeEsimGo(() => world.clock.now());
    const connectivity = esimGoConnectivity({
      client: esimGo.client,
      journal: memoryProviderOrderJournal().journal,
      clock: world.clock,
      settings: { bundles: { template: DEFAULT_BUNDLE_TEMPLATE, countries: {}, names: {} }, homeNetwork: '23410' },
      sleep: async () => undefined,
    });
    const deps = { ...world.deps, connectivity };
    const booking = await world.book({
      package_specifications: ['FRA', 'ITA'].map((destination) => makePackageSpecification({ external_user_id: 'u-1', destination })),
    });
    const [france, italy] = booking.promo_codes.map((promo) => promo.uuid);
    world.table.beforeNextWrite(async () => {
      await redeemPromoCode({ partnerId: 'ptn_test', uuid: italy }, deps);
    });

    // Act
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: france }, deps);

    // Assess: one eSIM ordered with France's bundle, Italy's ordered onto it; each bundle paid once
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    const iccid = traveler?.esims[0]?.iccid;
    expect(traveler?.esims).toHaveLength(1);
    expect(traveler?.packages.map((pkg) => [pkg.destination, pkg.iccid])).toEqual([
      ['ITA', iccid],
      ['FRA', iccid],
    ]);
    const transactions = esimGo.calls.filter((call) => call.startsWith('transaction'));
    expect(transactions).toEqual([expect.stringMatching(/_FR_V2$/), expect.stringMatching(new RegExp(`_IT_V2 ${iccid}$`))]);
  });

  it('refuses a second redemption of the code with promo_code_already_redeemed and provisions nothing more', async () => {
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world);
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);

    const second = redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid, externalUserId: 'u-2' }, world.deps);

    await expect(second).rejects.toMatchObject({ status: 409, code: 'promo_code_already_redeemed' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-2')).toBeUndefined();
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
    expect(world.events()).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous redemptions of one code win', async () => {
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world);

    const outcomes = await Promise.allSettled([
      redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid, externalUserId: 'u-a' }, world.deps),
      redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid, externalUserId: 'u-b' }, world.deps),
    ]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'promo_code_already_redeemed' } });
    const travelers = await Promise.all(['u-a', 'u-b'].map((id) => world.deps.travelers.findByExternalUserId('ptn_test', id)));
    expect(travelers.flatMap((t) => t?.packages ?? [])).toHaveLength(1);
    expect(world.events().map((e) => e.event)).toEqual(['promo_code.redeemed']);
  });

  it('re-reads after a redemption that landed between its read and its write, and then refuses', async () => {
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world);
    world.table.beforeNextWrite(async () => {
      await redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid, externalUserId: 'u-first' }, world.deps);
    });

    const late = redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid, externalUserId: 'u-late' }, world.deps);

    await expect(late).rejects.toMatchObject({ code: 'promo_code_already_redeemed' });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-first'))?.packages).toHaveLength(1);
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-late')).toBeUndefined();
  });

  it('refuses an unlimited grant without a duration with 409 package_duration_required, on both redemption paths, ordering nothing (decision F151)', async () => {
    const world = memoryLifecycle();
    const { promo, queue } = await bookGrant(world, { package_type: 'unlimited', size: undefined, package_duration: undefined });

    const byCode = redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);
    const byEntry = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, world.deps);

    await expect(byCode).rejects.toMatchObject({ status: 409, code: 'package_duration_required' });
    await expect(byEntry).rejects.toMatchObject({ status: 409, code: 'package_duration_required' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });

  it('re-reads and succeeds when the booking changed under all but its last attempt', async () => {
    const world = memoryLifecycle();
    const { booking, promo } = await bookGrant(world);
    changeBookingBeforeWrites(world, booking.id, RETRY_ATTEMPTS - 1);

    const redemption = await redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);

    expect(redemption.promo.uuid).toBe(promo.uuid);
    expect((await world.deps.bookings.get('ptn_test', booking.id))?.promo_codes[0]?.status).toBe('redeemed');
  });

  it('gives up with 409 concurrent_modification when the booking keeps changing under it', async () => {
    const world = memoryLifecycle();
    const { booking, promo } = await bookGrant(world);
    const interferences = changeBookingBeforeWrites(world, booking.id, RETRY_ATTEMPTS);

    const redemption = redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 409, code: 'concurrent_modification' });
    expect(interferences()).toBe(RETRY_ATTEMPTS);
    expect((await world.deps.bookings.get('ptn_test', booking.id))?.promo_codes[0]?.status).toBe('unredeemed');
    expect(world.events()).toEqual([]);
  });

  it('refuses an entry whose redemption window has ended with package_queue_expired', async () => {
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world, { expires_at: '2026-06-03T00:00:00Z' });
    world.clock.advance(2 * DAY);

    const redemption = redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 409, code: 'package_queue_expired' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });

  it('sends a classic grant to the claim call with classic_grant_must_be_claimed', async () => {
    const world = memoryLifecycle();
    const { promo } = await bookGrant(world, { esim_type: 'classic' });

    await expect(redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps)).rejects.toMatchObject({
      code: 'classic_grant_must_be_claimed',
    });
  });

  it("answers another partner's code and an unknown code with 404 promo_code_not_found", async () => {
    const world = memoryLifecycle({ partners: [makePartnerProfile(), makePartnerProfile({ partner_id: 'ptn_other' })] });
    const { promo } = await bookGrant(world);

    await expect(redeemPromoCode({ partnerId: 'ptn_other', code: promo.code }, world.deps)).rejects.toMatchObject({
      status: 404,
      code: 'promo_code_not_found',
    });
    await expect(redeemPromoCode({ partnerId: 'ptn_other', uuid: promo.uuid }, world.deps)).rejects.toMatchObject({
      code: 'promo_code_not_found',
    });
    expect((await world.deps.bookings.findByPromoCode('ptn_test', promo.uuid))?.promo_codes[0]?.status).toBe('unredeemed');
  });

  it('refuses a uuid and a code that name different promo codes', async () => {
    const world = memoryLifecycle();
    const first = await bookGrant(world);
    const second = await bookGrant(world);

    const redemption = redeemPromoCode({ partnerId: 'ptn_test', uuid: first.promo.uuid, code: second.promo.code }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 400, code: 'identifiers_disagree' });
  });
});

describe('Use case: redeemPackageQueueEntry', () => {
  it("redeems the traveler's pending entry and spends its promo code with it", async () => {
    const world = memoryLifecycle();
    const { booking, queue } = await bookGrant(world);

    const redemption = await redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, world.deps);

    expect(redemption.pkg.package_queue_uuid).toBe(queue.uuid);
    const stored = await world.deps.bookings.get('ptn_test', booking.id);
    expect([stored?.package_queues[0]?.status, stored?.promo_codes[0]?.status]).toEqual(['redeemed', 'redeemed']);
  });

  it('refuses the same entry twice with package_queue_not_pending', async () => {
    const world = memoryLifecycle();
    const { queue } = await bookGrant(world);
    const input = { partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid };
    await redeemPackageQueueEntry(input, world.deps);

    await expect(redeemPackageQueueEntry(input, world.deps)).rejects.toMatchObject({ status: 409, code: 'package_queue_not_pending' });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
  });

  it('refuses an entry whose promo code was already redeemed by code, as not pending', async () => {
    const world = memoryLifecycle();
    const { promo, queue } = await bookGrant(world);
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: promo.uuid }, world.deps);

    const redemption = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ code: 'package_queue_not_pending' });
  });

  it("answers another traveler's entry with 404 package_queue_not_found", async () => {
    const world = memoryLifecycle();
    const { queue } = await bookGrant(world);
    await bookGrant(world, { external_user_id: 'u-2' });

    const redemption = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-2', packageQueueId: queue.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 404, code: 'package_queue_not_found' });
  });

  it('answers a traveler neither stored nor granted anything with 404 user_not_found, as the dashboard does', async () => {
    const world = memoryLifecycle();
    const { queue } = await bookGrant(world);

    const redemption = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-2', packageQueueId: queue.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('finds an entry addressed by email once the traveler known by that email redeems it', async () => {
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ email: 'Ada@Example.com' })] });
    const promo = booking.promo_codes[0];
    const queue = booking.package_queues[0];
    // The email traveler exists (a first redemption gave it an external_user_id); its second grant is found by email.
    const other = await world.book({ package_specifications: [makePackageSpecification({ email: 'ada@example.com' })] });
    const first = await redeemPromoCode({ partnerId: 'ptn_test', uuid: other.promo_codes[0]?.uuid }, world.deps);

    const redemption = await redeemPackageQueueEntry(
      { partnerId: 'ptn_test', externalUserId: first.redeemedBy, packageQueueId: queue?.uuid as string },
      world.deps,
    );

    expect(redemption.promo.uuid).toBe(promo?.uuid);
    expect(redemption.traveler.user_id).toBe(first.traveler.user_id);
    expect(redemption.traveler.packages).toHaveLength(2);
  });
  it('reads a known traveler once, with its entries asked for beside that look-up, and redeems a second grant', async () => {
    // Prepare: u-1 already holds a package; a second grant is addressed to it
    const world = memoryLifecycle();
    const first = await bookGrant(world);
    await redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: first.queue.uuid }, world.deps);
    const { queue } = await bookGrant(world);
    const reads: string[] = [];
    const travelers = world.deps.travelers;
    const deps = {
      ...world.deps,
      travelers: {
        ...travelers,
        findByExternalUserId: async (partnerId: string, externalUserId: string) => {
          reads.push('traveler asked');
          const found = await travelers.findByExternalUserId(partnerId, externalUserId);
          reads.push('traveler answered');
          return found;
        },
        queueRefs: (partnerId: string, key: string) => {
          reads.push('entries asked');
          return travelers.queueRefs(partnerId, key);
        },
      },
    };

    // Act
    const redemption = await redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, deps);

    // Assess
    expect(reads).toEqual(['traveler asked', 'entries asked', 'traveler answered']);
    expect(redemption.traveler.packages).toHaveLength(2);
    expect(redemption.traveler.esims).toHaveLength(1);
    expect(redemption.traveler.version).toBe(2);
  });
  it('reads before the request may change anything, and orders and writes nothing when it may not', async () => {
    // Prepare: the request's signature claim is refused
    const world = memoryLifecycle();
    const { booking, queue } = await bookGrant(world);
    const { deps, calls: allocations } = recordingProviderCalls(world.deps);
    const mayChange = Promise.reject(signatureReused());

    // Act
    const redemption = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid, mayChange }, deps);

    // Assess
    await expect(redemption).rejects.toMatchObject({ code: 'signature_reused' });
    expect(allocations).toEqual([]);
    expect((await world.deps.bookings.get('ptn_test', booking.id))?.package_queues[0]?.status).toBe('pending');
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });
});

describe('Grants that name no destination or size (spec: the traveler is asked, the size follows partner settings)', () => {
  const universalWithout = async (world: ReturnType<typeof memoryLifecycle>, entry: Record<string, unknown> = { destination: null, size: null }) =>
    (await bookGrant(world, entry)).queue;

  it('refuses to redeem an entry without a destination until the traveler chose one, and consumes nothing', async () => {
    const world = memoryLifecycle();
    const queue = await universalWithout(world);

    const redemption = redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ status: 409, code: 'destination_required' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });

  it("provisions the chosen destination with the partner's default size", async () => {
    // Prepare
    const world = memoryLifecycle({ partners: [makePartnerProfile({ default_package_size: '5GB' })] });
    const queue = await universalWithout(world);

    // Act
    const { pkg } = await redeemPackageQueueEntry(
      { partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid, destination: 'ITA' },
      world.deps,
    );

    // Assess
    expect(pkg).toMatchObject({ destination: 'ITA', size: '5GB', size_bytes: 5 * 2 ** 30 });
  });

  it('gives a grant without a size 1GB when the partner chose none, and keeps an entry its own destination and size', async () => {
    const world = memoryLifecycle();
    const bare = await universalWithout(world, { destination: 'FRA', size: null });
    const sized = await bookGrant(world, { destination: 'DEU', size: '3GB' });

    const first = await redeemPackageQueueEntry(
      { partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: bare.uuid, destination: 'ITA' },
      world.deps,
    );
    const second = await redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: sized.queue.uuid }, world.deps);

    expect(first.pkg).toMatchObject({ destination: 'FRA', size: '1GB' });
    expect(second.pkg).toMatchObject({ destination: 'DEU', size: '3GB' });
  });

  it('leaves an unlimited grant without a size', async () => {
    const world = memoryLifecycle();
    const queue = await universalWithout(world, { destination: 'FRA', size: null, package_type: 'unlimited', package_duration: 7 });

    const { pkg } = await redeemPackageQueueEntry({ partnerId: 'ptn_test', externalUserId: 'u-1', packageQueueId: queue.uuid }, world.deps);

    expect(pkg).toMatchObject({ package_type: 'unlimited', size: null, size_bytes: null });
  });
});

describe('A traveler holds at most MAX_PACKAGES_PER_TRAVELER packages', () => {
  const holding = (count: number) => ({ packages: Array.from({ length: count }, () => ({}) as TravelerPackage) });

  it('lets a traveler below the limit take one more, and refuses the next at the limit with 409 package_limit_reached', () => {
    expect(() => assertRoomForPackage(holding(MAX_PACKAGES_PER_TRAVELER - 1))).not.toThrow();
    expect(() => assertRoomForPackage(holding(MAX_PACKAGES_PER_TRAVELER))).toThrow(
      expect.objectContaining({ status: 409, code: 'package_limit_reached' }),
    );
  });
});
