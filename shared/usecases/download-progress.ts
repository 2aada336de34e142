// use case → an SM-DP+'s handleDownloadProgressInfo (SGP.22 5.3.5) turned into facts: a successful installation
// (notification point 4) installs the traveler's eSIM and fires esim.installed; every other point and every failure
// is recorded for support. Repeated and out-of-order notifications change nothing twice.
import { providerDated } from '#shared/domain/traveler';
import { ConflictError } from '#shared/errors';
import { DuplicateFactError, type LifecycleStores } from '#shared/usecases/ports/lifecycle';
import { installEsim } from '#shared/usecases/traveler-facts';

/** The fact reporter of ES2+ notifications: their ids never collide with a reporter's own event ids. */
export const ES2PLUS_REPORTER = 'es2plus';

export const notificationPoints = { 1: 'eligibility', 2: 'confirmation', 3: 'download', 4: 'installation' } as const;

/** One handleDownloadProgressInfo, as the SM-DP+ adapter reads it off the wire. */
export interface DownloadProgress {
  iccid: string;
  notificationPointId: keyof typeof notificationPoints;
  /** Executed-Success or Executed-WithWarning. */
  succeeded: boolean;
  timestamp: string;
}

export type DownloadProgressOutcome =
  | { kind: 'installed'; applied: boolean }
  | { kind: 'duplicate' }
  | { kind: 'unknown_iccid' }
  /** A point before installation, or a failure: nothing changes for the traveler; support sees it in the log. */
  | { kind: 'noted'; point: (typeof notificationPoints)[keyof typeof notificationPoints]; succeeded: boolean };

/**
 * Input: the notification. Output: what it did.
 * Steps: the ICCID names the traveler (any partner: the SM-DP+ knows no partner); point 4 with Executed-Success
 * installs the eSIM at the notification's timestamp, recorded once per ICCID, point and timestamp (an SM-DP+
 * retransmission carries the same three); an older installation than the eSIM's last change is recorded only.
 * Emits: esim.installed.
 */
export const recordDownloadProgress = async (notification: DownloadProgress, deps: LifecycleStores): Promise<DownloadProgressOutcome> => {
  const traveler = await deps.travelers.findByIccid(notification.iccid);
  if (!traveler) return { kind: 'unknown_iccid' };
  if (notification.notificationPointId !== 4 || !notification.succeeded) {
    return { kind: 'noted', point: notificationPoints[notification.notificationPointId], succeeded: notification.succeeded };
  }
  const fact = {
    reporter: ES2PLUS_REPORTER,
    eventId: `${notification.iccid}#${notification.notificationPointId}#${new Date(notification.timestamp).toISOString()}`,
    occurredAt: providerDated(notification.timestamp, deps.clock.now()),
  };
  if (await deps.travelers.factRecorded(fact.reporter, fact.eventId)) return { kind: 'duplicate' };
  try {
    const result = await installEsim({ partnerId: traveler.partner_id, iccid: notification.iccid, fact }, deps);
    return { kind: 'installed', applied: result.applied };
  } catch (error) {
    // Recorded before, or the eSIM is already installed (a retransmission with another timestamp).
    if (error instanceof DuplicateFactError || error instanceof ConflictError) return { kind: 'duplicate' };
    throw error;
  }
};
