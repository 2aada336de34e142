// use cases on in-memory stores → what the network reports about a provisioned package: activation, data usage
// (thresholds fired once, usage never shrinking, depletion) and the sandbox's duration-based usage.
import { makePackageSpecification } from '#test/support/factories';
import { makePartnerProfile } from '#test/support/fakes';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { activatePackage, installEsim, reportUsage } from '#shared/usecases/traveler-facts';
import { packageView } from '#shared/usecases/traveler-overview';

const MB = 1024 ** 2;

const eventNames = (world: ReturnType<typeof memoryLifecycle>) =>
  world
    .events()
    .map((e) => e.event)
    .sort();

/** An unlimited grant of `days` for traveler u-1. */
const unlimited = (days: number) => ({ package_type: 'unlimited', size: undefined, package_duration: days });
describe('Use case: reportUsage', () => {
  it('fires every threshold a report crosses, each once', async () => {
    // Prepare
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });

    // Act
    const first = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 850 * MB }, world.deps);
    const again = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 900 * MB }, world.deps);

    // Assess
    expect(first.events.map((e) => e.event)).toEqual(['package.usage.50_percent', 'package.usage.80_percent']);
    expect(again).toMatchObject({ applied: true, events: [] });
    expect(again.pkg.used_bytes).toBe(900 * MB);
    expect(eventNames(world)).toEqual(['package.activated', 'package.usage.50_percent', 'package.usage.80_percent', 'promo_code.redeemed']);
  });

  it('ignores a report of less usage than already recorded', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage();
    await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 300 * MB }, world.deps);

    const smaller = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 100 * MB }, world.deps);

    expect(smaller).toMatchObject({ applied: false, events: [] });
    expect((await world.deps.travelers.findByPackageId(pkg.package_id))?.packages[0]?.used_bytes).toBe(300 * MB);
  });

  it('depletes the package at its size and fires the 100 % event', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });

    const full = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 1024 * MB }, world.deps);

    expect(full.pkg.state).toBe('depleted');
    expect(full.events.map((e) => e.event)).toContain('package.usage.100_percent');
  });

  it('refuses usage of a package that was never activated with package_not_active', async () => {
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const { pkg } = await redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, world.deps);

    const usage = reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: MB }, world.deps);

    await expect(usage).rejects.toMatchObject({ status: 409, code: 'package_not_active' });
  });

  it("answers another partner's package and an unknown one with 404 package_not_found", async () => {
    const world = memoryLifecycle({ partners: [makePartnerProfile(), makePartnerProfile({ partner_id: 'ptn_other' })] });
    const pkg = await world.activePackage();

    await expect(reportUsage({ partnerId: 'ptn_other', packageId: pkg.package_id, usedBytes: MB }, world.deps)).rejects.toMatchObject({
      status: 404,
      code: 'package_not_found',
    });
    await expect(reportUsage({ packageId: 'pkg_unknown', usedBytes: MB }, world.deps)).rejects.toMatchObject({ code: 'package_not_found' });
  });

  it('ends a time-limited package when its data runs out, as its time limit would (spec: either limit), and meters the further of the two', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ package_type: 'time-limited', size: '500MB', package_duration: 5 });

    const half = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 250 * MB }, world.deps);
    const used = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, usedBytes: 500 * MB }, world.deps);

    expect(packageView(half.pkg, world.clock.now()).usage_percent).toBe(50);
    expect(used.pkg.state).toBe('depleted');
    expect(packageView(used.pkg, world.clock.now())).toMatchObject({ usage_percent: 100, remaining_bytes: 0 });
    expect(used.events).toEqual([]);
  });

  it('counts duration figures over the validity the activation set, so they agree with usage_percent', async () => {
    // Prepare: a 10-day unlimited package that the network activated with 4 days of validity
    const world = memoryLifecycle();
    const pkg = await world.activePackage(unlimited(10), { expiresAt: '2026-06-05T00:00:00.000Z' });

    // Act
    const half = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, percent: 50 }, world.deps);
    const full = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, percent: 100 }, world.deps);

    // Assess
    expect(half.events[0]?.data).toMatchObject({ usage_percent: 50, duration_days: 4, elapsed_days: 2, remaining_days: 2 });
    // Jumping from 50 % to 100 % passes 80 % on the way: that event carries its own moment and figures (3.2 days).
    expect(full.events.map((e) => e.data)).toEqual([
      expect.objectContaining({ usage_percent: 80, duration_days: 4, elapsed_days: 3, remaining_days: 1 }),
      expect.objectContaining({ usage_percent: 100, duration_days: 4, elapsed_days: 4, remaining_days: 0 }),
    ]);
    const [at80, at100] = full.events.map((e) => Date.parse(e.timestamp));
    expect(at100! - at80!).toBe((4 * 24 * 60 * 60 * 1000) / 5);
  });

  it.each([
    ['leaves a day remaining before the window ends: 80 % of a 0.9-day window', 0.9 * 86_400_000, 80, [50, 80], []],
    ['counts a 6-minute window as 1 day, all of it elapsed at 100 %', 6 * 60_000, 100, [50, 80], [100]],
  ])('%s', async (_case, windowMs, percent, dayLeft, allElapsed) => {
    // Prepare: the network's activation sets a window shorter than a day
    const world = memoryLifecycle();
    const pkg = await world.activePackage(unlimited(1), { expiresAt: new Date(world.clock.now().getTime() + windowMs).toISOString() });

    // Act
    const used = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, percent }, world.deps);

    // Assess: one day counted, remaining until the window's end
    expect(used.events.map((e) => e.data)).toEqual([
      ...dayLeft.map((at) => expect.objectContaining({ usage_percent: at, duration_days: 1, elapsed_days: 0, remaining_days: 1 })),
      ...allElapsed.map((at) => expect.objectContaining({ usage_percent: at, duration_days: 1, elapsed_days: 1, remaining_days: 0 })),
    ]);
  });

  it("lets a share of an unlimited package's duration elapse in the sandbox, with the duration-based event", async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage(unlimited(10));

    const half = await reportUsage({ partnerId: 'ptn_test', packageId: pkg.package_id, percent: 50 }, world.deps);

    expect(half.events.map((e) => e.event)).toEqual(['package.usage.50_percent']);
    expect(half.events[0]?.data).toMatchObject({ duration_days: 10, elapsed_days: 5, remaining_days: 5, usage_percent: 50 });
    expect(half.pkg.activated_at).toBe('2026-05-27T00:00:00.000Z');
  });
});

describe('Use case: installEsim', () => {
  it('installs a provisioned eSIM once and refuses a second install with esim_already_installed', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage();

    const installed = await installEsim({ partnerId: 'ptn_test', iccid: pkg.iccid }, world.deps);
    const twice = installEsim({ partnerId: 'ptn_test', iccid: pkg.iccid }, world.deps);

    expect(installed.esim.state).toBe('installed');
    await expect(twice).rejects.toMatchObject({ status: 409, code: 'esim_already_installed' });
  });
});

/** A reporter's fact, dated `offsetMs` from the world's clock. */
const factAt = (world: ReturnType<typeof memoryLifecycle>, eventId: string, offsetMs: number) => ({
  reporter: 'network',
  eventId,
  occurredAt: new Date(world.clock.now().getTime() + offsetMs).toISOString(),
});

const MINUTE = 60_000;

describe('Facts against the service-dated state: a reporter clock running behind', () => {
  it('installs a provisioned eSIM on a fact dated seconds before the redemption, not on one dated well before it', async () => {
    // Prepare: the package's redemption provisioned the eSIM at the world's time.
    const world = memoryLifecycle();
    const pkg = await world.activePackage();

    // Act
    const farBefore = await installEsim({ iccid: pkg.iccid, fact: factAt(world, 'i-1', -6 * MINUTE) }, world.deps);
    const skewed = await installEsim({ iccid: pkg.iccid, fact: factAt(world, 'i-2', -2_000) }, world.deps);

    // Assess
    expect(farBefore).toMatchObject({ applied: false, events: [] });
    expect(skewed.applied).toBe(true);
    expect(skewed.events.map((e) => e.event)).toEqual(['esim.installed']);
  });

  it('does not activate a package on a fact dated before it existed, nor again on an older one; a newer one is illegal', async () => {
    // Prepare
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const { pkg } = await redeemPromoCode({ partnerId: booking.partner_id, uuid: booking.promo_codes[0]?.uuid }, world.deps);

    // Act
    const beforeItExisted = await activatePackage({ packageId: pkg.package_id, fact: factAt(world, 'a-1', -365 * 24 * 60 * MINUTE) }, world.deps);
    const activated = await activatePackage({ packageId: pkg.package_id, fact: factAt(world, 'a-2', 0) }, world.deps);
    const older = await activatePackage({ packageId: pkg.package_id, fact: factAt(world, 'a-3', -MINUTE) }, world.deps);
    const newer = activatePackage({ packageId: pkg.package_id, fact: factAt(world, 'a-4', MINUTE) }, world.deps);

    // Assess
    expect(beforeItExisted).toMatchObject({ applied: false, events: [] });
    expect(activated.pkg.state).toBe('active');
    expect(older).toMatchObject({ applied: false, events: [] });
    await expect(newer).rejects.toMatchObject({ status: 409, code: 'package_not_queued' });
  });

  it('records no usage dated before the activation', async () => {
    // Prepare
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });

    // Act
    const beforeActivation = await reportUsage({ packageId: pkg.package_id, usedBytes: 600 * MB, fact: factAt(world, 'u-1', -MINUTE) }, world.deps);

    // Assess
    expect(beforeActivation).toMatchObject({ applied: false, events: [] });
    expect(beforeActivation.pkg.used_bytes).toBe(0);
  });
});
