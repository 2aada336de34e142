// An SM-DP+'s notifications: an installation dated ahead of the service's clock installs at the service's own time,
// a deletion removes the installed eSIM, and failures, deletions and unknown points are kept for support.
import { recordDownloadProgress, type DownloadProgress } from '#shared/usecases/download-progress';
import { removeEsim } from '#shared/usecases/traveler-facts';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { memoryProviderNotices } from '#test/support/in-memory/provider-notices';

const progress = (iccid: string, point: number, overrides: Partial<DownloadProgress> = {}): DownloadProgress => ({
  iccid,
  notificationPointId: point,
  status: 'Executed-Success',
  succeeded: true,
  timestamp: new Date().toISOString(),
  ...overrides,
});

const worldWithEsim = async () => {
  const world = memoryLifecycle();
  const iccid = (await world.redeemedPackage()).iccid as string;
  const notices = memoryProviderNotices();
  return { world, iccid, notices, deps: { ...world.deps, notices } };
};

describe('Use case: recordDownloadProgress', () => {
  it("installs at the service's time when the notification is dated ahead, and a removal a minute later applies", async () => {
    // Prepare: a provisioned eSIM; the SM-DP+'s clock runs 2 hours ahead
    const { world, iccid, deps } = await worldWithEsim();
    const receivedAt = world.clock.now().toISOString();
    const ahead = new Date(world.clock.now().getTime() + 2 * 3_600_000).toISOString();

    // Act
    const installed = await recordDownloadProgress(progress(iccid, 4, { timestamp: ahead }), deps);
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

  it('removes an installed eSIM on a deletion (point 5), once, and keeps the notice for support', async () => {
    const { world, iccid, notices, deps } = await worldWithEsim();
    await recordDownloadProgress(progress(iccid, 4, { timestamp: world.clock.now().toISOString() }), deps);
    world.clock.advance(60_000);
    const deletion = progress(iccid, 5, { timestamp: world.clock.now().toISOString() });

    const removed = await recordDownloadProgress(deletion, deps);
    const again = await recordDownloadProgress(deletion, deps);

    expect(removed).toEqual({ kind: 'removed', applied: true });
    expect(again).toEqual({ kind: 'duplicate' });
    expect(world.events().filter((e) => e.event === 'esim.removed')).toHaveLength(1);
    expect(notices.all).toEqual([expect.objectContaining({ iccid, point: 5, point_name: 'deletion', outcome: 'removed' })]);
  });

  it('keeps a deletion of a profile never installed, and a failure with its codes, for support; neither changes the eSIM', async () => {
    const { world, iccid, notices, deps } = await worldWithEsim();
    world.clock.advance(1_000);

    const deleted = await recordDownloadProgress(progress(iccid, 5, { timestamp: world.clock.now().toISOString() }), deps);
    const failed = await recordDownloadProgress(
      progress(iccid, 4, { status: 'Failed', succeeded: false, codes: { subjectCode: '8.1', reasonCode: '4.2', message: 'Installation failed' } }),
      deps,
    );

    expect(deleted).toEqual({ kind: 'noted', point: 'deletion', succeeded: true, recorded: true });
    expect(failed).toEqual({ kind: 'noted', point: 'installation', succeeded: false, recorded: true });
    expect(notices.all.map((n) => [n.point_name, n.status, n.subject_code, n.reason_code, n.message, n.outcome])).toEqual([
      ['deletion', 'Executed-Success', null, null, null, 'recorded'],
      ['installation', 'Failed', '8.1', '4.2', 'Installation failed', 'recorded'],
    ]);
    expect(world.events().filter((e) => e.event.startsWith('esim.'))).toEqual([]);
  });

  it('logs the successful steps before installation only, and keeps a point it does not know', async () => {
    const { iccid, notices, deps } = await worldWithEsim();

    const download = await recordDownloadProgress(progress(iccid, 3), deps);
    const unknown = await recordDownloadProgress(progress(iccid, 102), deps);

    expect(download).toEqual({ kind: 'noted', point: 'download', succeeded: true, recorded: false });
    expect(unknown).toEqual({ kind: 'noted', point: 'unknown', succeeded: true, recorded: true });
    expect(notices.all.map((n) => n.point)).toEqual([102]);
  });
});
