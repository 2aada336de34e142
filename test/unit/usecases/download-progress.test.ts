// An SM-DP+'s installation notification dated ahead of the service's clock installs at the service's own time, so
// the true facts after it are not stale.
import { recordDownloadProgress } from '#shared/usecases/download-progress';
import { removeEsim } from '#shared/usecases/traveler-facts';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';

describe('Use case: recordDownloadProgress', () => {
  it("installs at the service's time when the notification is dated ahead, and a removal a minute later applies", async () => {
    // Prepare: a provisioned eSIM; the SM-DP+'s clock runs 2 hours ahead
    const world = memoryLifecycle();
    const iccid = (await world.redeemedPackage()).iccid as string;
    const receivedAt = world.clock.now().toISOString();
    const ahead = new Date(world.clock.now().getTime() + 2 * 3_600_000).toISOString();

    // Act
    const installed = await recordDownloadProgress({ iccid, notificationPointId: 4, succeeded: true, timestamp: ahead }, world.deps);
    world.clock.advance(60_000);
    const removed = await removeEsim(
      { partnerId: 'ptn_test', iccid, fact: { reporter: 'esim-platform', eventId: 'rm-1', occurredAt: world.clock.now().toISOString() } },
      world.deps,
    );

    // Assess
    expect(installed).toEqual({ kind: 'installed', applied: true });
    expect(removed.applied).toBe(true);
    expect(world.events().find((e) => e.event === 'esim.installed')?.timestamp).toBe(receivedAt);
  });
});
