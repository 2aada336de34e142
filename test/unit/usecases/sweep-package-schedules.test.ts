// use cases on in-memory stores → time passing for packages measured by duration: thresholds fired at the moment
// they were reached, expiry, nothing left due afterwards, and a traveler changed while the sweep writes.
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';
import { installEsim } from '#shared/usecases/traveler-facts';

const DAY = 86_400_000;

/** Traveler u-1 with an unlimited 10-day package, activated at 2026-06-01T00:00Z. */
const activeUnlimited = (world: ReturnType<typeof memoryLifecycle>) =>
  world.activePackage({ package_type: 'unlimited', size: undefined, package_duration: 10 });

const sweep = (world: ReturnType<typeof memoryLifecycle>) => sweepPackageSchedules({ ...world.deps, packageSchedules: world.packageSchedules });

const usageEvents = (world: ReturnType<typeof memoryLifecycle>) =>
  world
    .events()
    .filter((e) => e.event.startsWith('package.usage'))
    .map((e) => [e.event, e.timestamp])
    .sort();

describe('Use case: sweepPackageSchedules', () => {
  it('fires a duration threshold stamped when it was reached, also when the sweep runs late', async () => {
    // Prepare
    const world = memoryLifecycle();
    await activeUnlimited(world);
    world.clock.advance(6 * DAY);

    // Act
    const swept = await sweep(world);

    // Assess
    expect(swept).toBe(1);
    expect(usageEvents(world)).toEqual([['package.usage.50_percent', '2026-06-06T00:00:00.000Z']]);
  });

  it('expires the package at its end, fires the rest, and leaves nothing due', async () => {
    const world = memoryLifecycle();
    const pkg = await activeUnlimited(world);
    world.clock.advance(11 * DAY);

    await sweep(world);
    const later = await sweep(world);

    expect((await world.deps.travelers.findByPackageId(pkg.package_id))?.packages[0]?.state).toBe('expired');
    expect(usageEvents(world).map(([name]) => name)).toEqual(['package.usage.100_percent', 'package.usage.50_percent', 'package.usage.80_percent']);
    expect(later).toBe(0);
    expect(await world.packageSchedules.due(new Date('2027-01-01T00:00:00Z'), 100)).toEqual([]);
  });

  it('re-reads a traveler changed while it writes, and keeps both changes', async () => {
    const world = memoryLifecycle();
    const pkg = await activeUnlimited(world);
    world.clock.advance(6 * DAY);
    world.table.beforeNextWrite(async () => {
      await installEsim({ partnerId: 'ptn_test', iccid: pkg.iccid }, world.deps);
    });

    const swept = await sweep(world);

    expect(swept).toBe(1);
    const traveler = await world.deps.travelers.findByPackageId(pkg.package_id);
    expect(traveler?.esims[0]?.state).toBe('installed');
    expect(traveler?.packages[0]?.thresholds_fired).toEqual([50]);
    expect(usageEvents(world)).toHaveLength(1);
  });

  it('finds nothing due before the first threshold and keeps the schedule for it', async () => {
    const world = memoryLifecycle();
    await activeUnlimited(world);
    world.clock.advance(4 * DAY);

    expect(await sweep(world)).toBe(0);
    expect(usageEvents(world)).toEqual([]);
    expect(await world.packageSchedules.due(new Date('2026-06-06T00:00:00Z'), 100)).toEqual([
      expect.objectContaining({ partner_id: 'ptn_test', due_at: '2026-06-06T00:00:00.000Z' }),
    ]);
  });
});
