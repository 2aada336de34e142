// use cases on in-memory stores → what the dashboard shows between the lifecycle's writes: a package past its
// expires_at reads expired before the sweeper records it, and a grant without a size shows the size it will get.
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { makePackageSpecification } from '#test/support/factories';
import { travelerOverview } from '#shared/usecases/traveler-overview';

const DAY = 86_400_000;

describe('Use case: travelerOverview', () => {
  it('reads an active package past its expires_at as expired at once, without waiting for the sweep', async () => {
    // Prepare: a 7-day package, activated now
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ package_duration: 7 });
    const before = await travelerOverview({ partnerId: 'ptn_test', externalUserId: 'u-1' }, world.deps);

    // Act: a week and a second later, nothing swept
    world.clock.advance(7 * DAY + 1000);
    const after = await travelerOverview({ partnerId: 'ptn_test', externalUserId: 'u-1' }, world.deps);

    // Assess
    expect(before.current_esim_packages).toEqual([expect.objectContaining({ package_id: pkg.package_id, status: 'active' })]);
    expect(after.current_esim_packages).toEqual([expect.objectContaining({ package_id: pkg.package_id, status: 'expired' })]);
  });

  it("shows a pending grant without a size with the partner's default size, and an unlimited one without any", async () => {
    // Prepare
    const world = memoryLifecycle();
    await world.book({
      package_specifications: [
        makePackageSpecification({ external_user_id: 'u-1', size: undefined }),
        makePackageSpecification({ external_user_id: 'u-1', size: undefined, package_type: 'unlimited', package_duration: 5 }),
      ],
    });

    // Act
    const dashboard = await travelerOverview({ partnerId: 'ptn_test', externalUserId: 'u-1' }, world.deps);

    // Assess
    expect(dashboard.package_queues.map((entry) => [entry.package_type, entry.size])).toEqual([
      ['data-limited', '1GB'],
      ['unlimited', null],
    ]);
  });
});
