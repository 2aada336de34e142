// use cases on in-memory stores → claiming a classic grant: a fresh classic eSIM or a top-up of the one for that
// destination, and the refusals (claimed twice, simultaneous claims, expired, no destination, not classic).
import { makePackageSpecification } from '#test/support/factories';
import { makePartnerProfile } from '#test/support/fakes';
import { memoryLifecycle, recordingProviderCalls } from '#test/support/in-memory/lifecycle';
import { claimClassicGrant, listClassicGrants, setClassicGrantDestination } from '#shared/usecases/classic-grants';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { travelerOrderName } from '#shared/usecases/travelers';

const DAY = 86_400_000;

const bookClassic = async (world: ReturnType<typeof memoryLifecycle>, entry: Record<string, unknown> = {}) => {
  const booking = await world.book({
    package_specifications: [makePackageSpecification({ external_user_id: 'u-1', esim_type: 'classic', ...entry })],
  });
  const queue = booking.package_queues[0];
  if (!queue) throw new Error('The booking has no classic grant.');
  return { booking, queue, claim: { partnerId: 'ptn_test', externalUserId: 'u-1', queueId: queue.uuid } };
};

describe('Use case: claimClassicGrant', () => {
  it("claims the grant onto a new classic eSIM for its destination and spends the grant's promo code", async () => {
    // Prepare
    const world = memoryLifecycle();
    const { booking, claim } = await bookClassic(world);

    // Act
    const claimed = await claimClassicGrant(claim, world.deps);

    // Assess
    expect(claimed.is_top_up).toBe(false);
    const traveler = await world.deps.travelers.findByIccid(claimed.iccid);
    expect(traveler?.esims).toEqual([expect.objectContaining({ kind: 'classic', destination: 'FRA', iccid: claimed.iccid })]);
    expect(traveler?.packages).toEqual([expect.objectContaining({ source: 'classic_grant', iccid: claimed.iccid })]);
    const stored = await world.deps.bookings.get('ptn_test', booking.id);
    expect([stored?.package_queues[0]?.status, stored?.promo_codes[0]?.status]).toEqual(['claimed', 'redeemed']);
    expect(world.events().map((e) => e.event)).toEqual(['classic_package_queue.claimed']);
  });

  it("orders the eSIM under a key naming the traveler, country and network, its package under the grant's (F82, F168), each with the key used before", async () => {
    // Prepare: the provider's calls recorded by their keys
    const world = memoryLifecycle();
    const { queue, claim } = await bookClassic(world);
    const { deps, calls: keys } = recordingProviderCalls(world.deps);
    const network = await world.deps.connectivity.networkFor('FRA');

    // Act
    await claimClassicGrant(claim, deps);

    // Assess: the former keys are exactly the ones journalled before each change
    expect(keys).toEqual([
      {
        call: 'allocateEsim',
        idempotencyKey: `ptn_test:esim:classic:FRA:${network}:${travelerOrderName({ externalUserId: 'u-1' })}`,
        formerIdempotencyKey: `ptn_test:classic:${queue.uuid}:FRA:1GB:365d`,
      },
      {
        call: 'addPackage',
        idempotencyKey: `ptn_test:package:classic:${queue.uuid}:FRA:1GB:365d`,
        formerIdempotencyKey: `ptn_test:package:classic:${queue.uuid}`,
      },
    ]);
  });

  it("claims a grant that names no size with the partner's default size", async () => {
    const world = memoryLifecycle({ partners: [makePartnerProfile({ default_package_size: '2GB' })] });
    const { claim } = await bookClassic(world, { size: null });

    const claimed = await claimClassicGrant(claim, world.deps);

    const traveler = await world.deps.travelers.findByIccid(claimed.iccid);
    expect(traveler?.packages).toEqual([expect.objectContaining({ size: '2GB', size_bytes: 2 * 2 ** 30 })]);
  });

  it("lists a grant that names no size with the partner's default size, the size it will be claimed with", async () => {
    const world = memoryLifecycle({ partners: [makePartnerProfile({ default_package_size: '2GB' })] });
    await bookClassic(world, { size: null });

    const listed = await listClassicGrants({ partnerId: 'ptn_test', externalUserId: 'u-1' }, world.deps);

    expect(listed.map((grant) => grant.size)).toEqual(['2GB']);
  });

  it('tops up the classic eSIM already held for the same destination', async () => {
    const world = memoryLifecycle();
    const first = await claimClassicGrant((await bookClassic(world)).claim, world.deps);

    const second = await claimClassicGrant((await bookClassic(world)).claim, world.deps);

    expect(second).toMatchObject({ is_top_up: true, iccid: first.iccid });
    const traveler = await world.deps.travelers.findByIccid(first.iccid);
    expect(traveler?.esims).toHaveLength(1);
    expect(traveler?.packages).toHaveLength(2);
  });

  it('refuses a second claim of the same grant with package_queue_not_pending', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world);
    await claimClassicGrant(claim, world.deps);

    await expect(claimClassicGrant(claim, world.deps)).rejects.toMatchObject({ status: 409, code: 'package_queue_not_pending' });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
  });

  it('lets one of two simultaneous claims of a grant win', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world);

    const outcomes = await Promise.allSettled([claimClassicGrant(claim, world.deps), claimClassicGrant(claim, world.deps)]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'package_queue_not_pending' } });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
    expect(world.events()).toHaveLength(1);
  });

  it('refuses a grant past its expires_at with package_queue_expired, and lists it as expired', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world, { expires_at: '2026-06-02T00:00:00Z' });
    world.clock.advance(DAY);

    await expect(claimClassicGrant(claim, world.deps)).rejects.toMatchObject({ status: 409, code: 'package_queue_expired' });
    expect((await listClassicGrants({ partnerId: 'ptn_test', externalUserId: 'u-1' }, world.deps)).map((g) => g.status)).toEqual(['expired']);
  });

  it('asks for a destination first, and claims once one is set', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world, { destination: undefined, package_type: 'data-limited' });

    await expect(claimClassicGrant(claim, world.deps)).rejects.toMatchObject({ status: 409, code: 'destination_required' });
    const set = await setClassicGrantDestination({ ...claim, destination: 'ESP' }, world.deps);
    const claimed = await claimClassicGrant(claim, world.deps);

    expect(set.destination).toBe('ESP');
    expect((await world.deps.travelers.findByIccid(claimed.iccid))?.esims[0]?.destination).toBe('ESP');
  });

  it('refuses to change the destination of a claimed grant', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world);
    await claimClassicGrant(claim, world.deps);

    const change = setClassicGrantDestination({ ...claim, destination: 'ESP' }, world.deps);

    await expect(change).rejects.toMatchObject({ code: 'package_queue_not_pending' });
  });

  it('refuses a universal entry with not_a_classic_grant', async () => {
    const world = memoryLifecycle();
    const { claim } = await bookClassic(world, { esim_type: 'universal' });

    await expect(claimClassicGrant(claim, world.deps)).rejects.toMatchObject({ code: 'not_a_classic_grant' });
  });

  it('leaves nothing to redeem by code once the grant is claimed', async () => {
    const world = memoryLifecycle();
    const { booking, claim } = await bookClassic(world);
    await claimClassicGrant(claim, world.deps);

    const redemption = redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, world.deps);

    await expect(redemption).rejects.toMatchObject({ code: 'promo_code_already_redeemed' });
  });
});
