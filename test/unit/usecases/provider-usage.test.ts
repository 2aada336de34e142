// A provider's usage report (eSIM Go's callback) read as the share of the package used.
import { recordBundleUsage } from '#shared/usecases/provider-usage';
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
});
