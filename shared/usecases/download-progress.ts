// use case → an SM-DP+'s handleDownloadProgressInfo (SGP.22 5.3.5) turned into facts: a successful installation
// (notification point 4) installs the traveler's eSIM and fires esim.installed; a deletion (point 5) removes an
// installed one and fires esim.removed. Failures, deletions and points the service does not know are kept for
// support (ProviderNotices); repeated and out-of-order notifications change nothing twice.
import { providerDated, type Traveler } from '#shared/domain/traveler';
import { ConflictError, NotFoundError } from '#shared/errors';
import { DuplicateFactError, type LifecycleStores } from '#shared/usecases/ports/lifecycle';
import type { ProviderNotice, ProviderNotices } from '#shared/usecases/ports/provider-notices';
import { installEsim, removeEsim } from '#shared/usecases/traveler-facts';

/** The fact reporter of ES2+ notifications: their ids never collide with a reporter's own event ids. */
export const ES2PLUS_REPORTER = 'es2plus';

export const notificationPoints = { 1: 'eligibility', 2: 'confirmation', 3: 'download', 4: 'installation', 5: 'deletion' } as const;
type PointName = (typeof notificationPoints)[keyof typeof notificationPoints] | 'unknown';

/** One handleDownloadProgressInfo, as the SM-DP+ adapter reads it off the wire. */
export interface DownloadProgress {
  iccid: string;
  notificationPointId: number;
  /** Executed-Success, Executed-WithWarning, Failed or Expired. */
  status: string;
  /** Executed-Success or Executed-WithWarning. */
  succeeded: boolean;
  /** The provider's subject and reason codes, with a failure. */
  codes?: { subjectCode: string; reasonCode: string; message?: string };
  timestamp: string;
}

export type DownloadProgressOutcome =
  | { kind: 'installed' | 'removed'; applied: boolean }
  | { kind: 'duplicate' }
  | { kind: 'unknown_iccid' }
  /** Nothing changes for the traveler; `recorded` when support can read it (`npm run ops -- esim notices`). */
  | { kind: 'noted'; point: PointName; succeeded: boolean; recorded: boolean };

export type DownloadProgressDeps = LifecycleStores & { notices: ProviderNotices };

const pointName = (point: number): PointName => notificationPoints[point as keyof typeof notificationPoints] ?? 'unknown';

const noticeOf = (traveler: Traveler, notification: DownloadProgress, outcome: ProviderNotice['outcome'], now: Date): ProviderNotice => ({
  partner_id: traveler.partner_id,
  iccid: notification.iccid,
  point: notification.notificationPointId,
  point_name: pointName(notification.notificationPointId),
  status: notification.status,
  subject_code: notification.codes?.subjectCode ?? null,
  reason_code: notification.codes?.reasonCode ?? null,
  message: notification.codes?.message ?? null,
  reported_at: new Date(notification.timestamp).toISOString(),
  occurred_at: providerDated(notification.timestamp, now),
  received_at: now.toISOString(),
  outcome,
});

/**
 * Input: the notification. Output: what it did.
 * Steps: the ICCID names the traveler (any partner: the SM-DP+ knows no partner). Point 4 with Executed-Success
 * installs the eSIM, point 5 removes an installed one, each at the notification's timestamp and recorded once per
 * ICCID, point and timestamp (an SM-DP+ retransmission carries the same three); an older change than the eSIM's last
 * is recorded only. A failure, a deletion and an unknown point are kept for support; points 1-3 are logged only.
 * Emits: esim.installed, esim.removed.
 */
export const recordDownloadProgress = async (notification: DownloadProgress, deps: DownloadProgressDeps): Promise<DownloadProgressOutcome> => {
  const traveler = await deps.travelers.findByIccid(notification.iccid);
  if (!traveler) return { kind: 'unknown_iccid' };
  const point = pointName(notification.notificationPointId);
  const now = deps.clock.now();
  const changes = notification.succeeded && (point === 'installation' || point === 'deletion');
  if (!changes) {
    const recorded = !notification.succeeded || point === 'unknown';
    if (recorded) await deps.notices.record(noticeOf(traveler, notification, 'recorded', now));
    return { kind: 'noted', point, succeeded: notification.succeeded, recorded };
  }
  const fact = {
    reporter: ES2PLUS_REPORTER,
    eventId: `${notification.iccid}#${notification.notificationPointId}#${new Date(notification.timestamp).toISOString()}`,
    occurredAt: providerDated(notification.timestamp, now),
  };
  if (await deps.travelers.factRecorded(fact.reporter, fact.eventId)) return { kind: 'duplicate' };
  const scope = { partnerId: traveler.partner_id, iccid: notification.iccid, fact };
  try {
    if (point === 'installation') return { kind: 'installed', applied: (await installEsim(scope, deps)).applied };
    const { applied } = await removeEsim(scope, deps);
    await deps.notices.record(noticeOf(traveler, notification, applied ? 'removed' : 'recorded', now));
    return { kind: 'removed', applied };
  } catch (error) {
    // Recorded before, or already in the state it reports (a retransmission with another timestamp, or a deletion
    // of a profile never installed): nothing changes; a deletion is still support's to read.
    if (!(error instanceof DuplicateFactError || error instanceof ConflictError)) throw error;
    if (point === 'deletion' && error instanceof ConflictError) {
      await deps.notices.record(noticeOf(traveler, notification, 'recorded', now));
      return { kind: 'noted', point, succeeded: true, recorded: true };
    }
    return { kind: 'duplicate' };
  }
};

/**
 * Input: an ICCID and how many notices. Output: what its provider reported for support, newest first, with the
 * partner and traveler it belongs to. Operations only (any partner's eSIM); unknown ICCID → 404.
 */
export const providerNoticesOf = async (
  iccid: string,
  limit: number,
  deps: { travelers: Pick<LifecycleStores['travelers'], 'findByIccid'>; notices: ProviderNotices },
) => {
  const traveler = await deps.travelers.findByIccid(iccid);
  if (!traveler) throw new NotFoundError(`No eSIM ${iccid} was ordered here.`, 'iccid_not_found');
  const notices = await deps.notices.list(traveler.partner_id, iccid, limit);
  return { iccid, partner_id: traveler.partner_id, external_user_id: traveler.external_user_id ?? null, notices };
};
