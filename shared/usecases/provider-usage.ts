// use case → a connectivity provider's usage report (eSIM Go's usage callback) turned into the facts reporters send:
// the first report on a queued package activates it (package.activated), each report sets the data used so far
// (package.usage.50/80/100_percent once each). Repeated and out-of-order reports change nothing twice.
import { providerDated, type TravelerPackage } from '#shared/domain/traveler';
import { DuplicateFactError, type LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import { activatePackage, reportUsage } from '#shared/usecases/traveler-facts';

/** The fact reporter of eSIM Go callbacks: their ids never collide with a reporter's own event ids. */
export const ESIMGO_REPORTER = 'esimgo';

/** One usage report as the adapter reads it off the wire: the bundle in use on an eSIM and its remaining data. */
export interface BundleUsage {
  iccid: string;
  bundleName: string;
  /** The provider's assignment id and reference, when it sends them: they tell two reports of one bundle apart. */
  assignmentId: string | null;
  reference: string | null;
  /** Bytes in the provider's own unit; 0 initial: no data limit. */
  initialQuantity: number;
  remainingQuantity: number;
  startTime: string | null;
  endTime: string | null;
  receivedAt: string;
}

export type BundleUsageOutcome =
  | { kind: 'applied'; packageId: string; events: string[] }
  | { kind: 'duplicate'; packageId: string }
  | { kind: 'unknown_iccid' }
  /** No queued or active package of the traveler's on this eSIM is this bundle. */
  | { kind: 'unknown_package' };

/**
 * Input: the report; `bundleOf` names the provider bundle of one of our packages (configuration).
 * Output: what it did.
 * Steps: the ICCID names the traveler; the package is the oldest active, else oldest queued, package on that eSIM of
 * that bundle (a provider runs one bundle at a time, in the order they were added); a queued one is activated at the
 * bundle's start; the data used is the package's size times the share of the bundle used (the provider counts in
 * its own unit, 10⁹ bytes a GB), so the provider's 100 % is ours.
 * Emits: package.activated, package.usage.*.
 */
export const recordBundleUsage = async (
  report: BundleUsage,
  deps: LifecycleDeps & { bundleOf: (pkg: TravelerPackage) => string | undefined },
): Promise<BundleUsageOutcome> => {
  const traveler = await deps.travelers.findByIccid(report.iccid);
  if (!traveler) return { kind: 'unknown_iccid' };
  const ofBundle = traveler.packages
    .filter((p) => p.iccid === report.iccid && deps.bundleOf(p) === report.bundleName)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  const pkg = ofBundle.find((p) => p.state === 'active') ?? ofBundle.find((p) => p.state === 'queued');
  if (!pkg) return { kind: 'unknown_package' };

  const assignment = `${report.iccid}#${report.bundleName}#${report.assignmentId ?? ''}#${report.reference ?? ''}`;
  const events: string[] = [];
  try {
    if (pkg.state === 'queued') {
      const occurredAt = providerDated(report.startTime || report.receivedAt, deps.clock.now());
      const activated = await activatePackage(
        {
          packageId: pkg.package_id,
          expiresAt: report.endTime || null,
          fact: { reporter: ESIMGO_REPORTER, eventId: `${assignment}#activated`, occurredAt },
        },
        deps,
      );
      events.push(...activated.events.map((e) => e.event));
    }
    if (report.initialQuantity > 0 && pkg.size_bytes !== null) {
      const share = (report.initialQuantity - Math.min(report.remainingQuantity, report.initialQuantity)) / report.initialQuantity;
      const used = await reportUsage(
        {
          packageId: pkg.package_id,
          // Rounded up, as the sandbox's percent is: 80 % of a 1 GB bundle in decimal bytes is 858,993,459.2 of the
          // package's binary gigabyte, which rounded down reads 79 % and never fires the 80 % event.
          usedBytes: Math.ceil(pkg.size_bytes * share),
          fact: {
            reporter: ESIMGO_REPORTER,
            eventId: `${assignment}#${report.remainingQuantity}`,
            occurredAt: providerDated(report.receivedAt, deps.clock.now()),
          },
        },
        deps,
      );
      events.push(...used.events.map((e) => e.event));
    }
  } catch (error) {
    if (error instanceof DuplicateFactError) return { kind: 'duplicate', packageId: pkg.package_id };
    throw error;
  }
  return { kind: 'applied', packageId: pkg.package_id, events };
};
