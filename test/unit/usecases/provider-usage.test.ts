// A provider's usage report (eSIM Go's callback) read as the share of the package used.
import type { TravelerPackage } from '#shared/domain/traveler';
import { recordBundleUsage } from '#shared/usecases/provider-usage';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';

const BUNDLE = 'esim_1GB_365D_FR_V2';

/** eSIM Go's callback for a 1 GB bundle on the package's eSIM (10⁹ bytes a GB), received at `receivedAt`. */
const bundleReport = (pkg: TravelerPackage, receivedAt: Date, report: { remaining: number; startTime?: string | null }) => ({
  iccid: pkg.iccid as string,
  bundleName: BUNDLE,
  assignmentId: 'assignment-1',
  reference: null,
  initialQuantity: 1_000_000_000,
  remainingQuantity: report.remaining,
  startTime: report.startTime ?? null,
  endTime: null,
  receivedAt: receivedAt.toISOString(),
});

describe('Use case: recordBundleUsage', () => {
  it.each([
    [500_000_000, ['package.usage.50_percent']],
    [200_000_000, ['package.usage.50_percent', 'package.usage.80_percent']],
    [0, ['package.usage.50_percent', 'package.usage.80_percent', 'package.usage.100_percent']],
  ])('fires every threshold a 1 GB bundle with %i bytes left has reached, exactly at the threshold too', async (remaining, fired) => {
    // Prepare: the provider counts 10⁹ bytes a GB, the package 2³⁰; 80 % of it is 858,993,459.2 bytes.
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });

    // Act
    const outcome = await recordBundleUsage(bundleReport(pkg, world.clock.now(), { remaining }), { ...world.deps, bundleOf: () => BUNDLE });

    // Assess
    expect(outcome).toEqual({ kind: 'applied', packageId: pkg.package_id, events: fired });
  });

  it("activates a package the provider says started in the future at the service's own time, so later usage still counts", async () => {
    // Prepare: a redeemed, queued package; the provider's clock runs 10 minutes ahead
    const world = memoryLifecycle();
    const pkg = await world.redeemedPackage({ size: '1GB' });
    const deps = { ...world.deps, bundleOf: () => BUNDLE };
    const receivedAt = world.clock.now().toISOString();
    const ahead = new Date(world.clock.now().getTime() + 600_000).toISOString();

    // Act
    const started = await recordBundleUsage(bundleReport(pkg, world.clock.now(), { remaining: 900_000_000, startTime: ahead }), deps);
    world.clock.advance(60_000);
    const used = await recordBundleUsage(bundleReport(pkg, world.clock.now(), { remaining: 400_000_000 }), deps);

    // Assess
    expect([started, used]).toEqual([
      { kind: 'applied', packageId: pkg.package_id, events: ['package.activated'] },
      { kind: 'applied', packageId: pkg.package_id, events: ['package.usage.50_percent'] },
    ]);
    expect(world.events().find((e) => e.event === 'package.activated')?.data).toMatchObject({ activated_at: receivedAt });
  });
});
