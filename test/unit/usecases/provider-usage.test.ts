// A provider's usage report (eSIM Go's callback) read as the share of the package used.
import { recordBundleUsage } from '#shared/usecases/provider-usage';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { makePackageSpecification } from '#test/support/factories';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';

describe('Use case: recordBundleUsage', () => {
  it.each([
    [500_000_000, ['package.usage.50_percent']],
    [200_000_000, ['package.usage.50_percent', 'package.usage.80_percent']],
    [0, ['package.usage.50_percent', 'package.usage.80_percent', 'package.usage.100_percent']],
  ])('fires every threshold a 1 GB bundle with %i bytes left has reached, exactly at the threshold too', async (remaining, fired) => {
    // Prepare: the provider counts 10⁹ bytes a GB, the package 2³⁰; 80 % of it is 858,993,459.2 bytes.
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });
    const report = {
      iccid: pkg.iccid as string,
      bundleName: 'esim_1GB_365D_FR_V2',
      assignmentId: 'assignment-1',
      reference: null,
      initialQuantity: 1_000_000_000,
      remainingQuantity: remaining,
      startTime: null,
      endTime: null,
      receivedAt: world.clock.now().toISOString(),
    };

    // Act
    const outcome = await recordBundleUsage(report, { ...world.deps, bundleOf: () => 'esim_1GB_365D_FR_V2' });

    // Assess
    expect(outcome).toEqual({ kind: 'applied', packageId: pkg.package_id, events: fired });
  });

  it("activates a package the provider says started in the future at the service's own time, so later usage still counts", async () => {
    // Prepare: a redeemed, queued package; the provider's clock runs 10 minutes ahead
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1', size: '1GB' })] });
    const { pkg } = await redeemPromoCode({ partnerId: booking.partner_id, uuid: booking.promo_codes[0]!.uuid }, world.deps);
    const deps = { ...world.deps, bundleOf: () => 'esim_1GB_365D_FR_V2' };
    const report = (remaining: number, startTime: string | null) => ({
      iccid: pkg.iccid as string,
      bundleName: 'esim_1GB_365D_FR_V2',
      assignmentId: 'assignment-1',
      reference: null,
      initialQuantity: 1_000_000_000,
      remainingQuantity: remaining,
      startTime,
      endTime: null,
      receivedAt: world.clock.now().toISOString(),
    });
    const receivedAt = world.clock.now().toISOString();

    // Act
    const started = await recordBundleUsage(report(900_000_000, new Date(world.clock.now().getTime() + 600_000).toISOString()), deps);
    world.clock.advance(60_000);
    const used = await recordBundleUsage(report(400_000_000, null), deps);

    // Assess
    expect([started, used]).toEqual([
      { kind: 'applied', packageId: pkg.package_id, events: ['package.activated'] },
      { kind: 'applied', packageId: pkg.package_id, events: ['package.usage.50_percent'] },
    ]);
    expect(world.events().find((e) => e.event === 'package.activated')?.data).toMatchObject({ activated_at: receivedAt });
  });
});
