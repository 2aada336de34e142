// use case → time-driven package work: duration usage thresholds and expiry, found in the due index.
import { packageUsage } from '#shared/domain/lifecycle-events';
import { dueThresholds, expireIfDue, replacePackage, thresholdTime, usageMeasure, type Traveler } from '#shared/domain/traveler';
import type { DomainEvent } from '#shared/events/catalog';
import { touched } from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import type { PackageScheduleIndex, TravelerStore } from '#shared/usecases/ports/lifecycle';
import type { Clock } from '#shared/usecases/ports/services';

export const PACKAGE_SWEEP_LIMIT_PER_SHARD = 100;

/** Everything time has done to a traveler's packages by `now`: duration thresholds reached, packages expired. */
export const passTime = (traveler: Traveler, now: Date): { traveler: Traveler; events: DomainEvent[] } => {
  let changed = traveler;
  const events: DomainEvent[] = [];
  for (const pkg of traveler.packages) {
    if (pkg.state !== 'active') continue;
    let next = pkg;
    if (usageMeasure(pkg) === 'duration') {
      const reached = dueThresholds(pkg, now);
      next = { ...next, thresholds_fired: [...next.thresholds_fired, ...reached] };
      // Each event carries the moment its threshold was reached, also when the sweeper runs late.
      for (const threshold of reached) events.push(packageUsage(changed, next, threshold, thresholdTime(pkg, threshold)));
    }
    next = expireIfDue(next, now);
    if (next !== pkg) changed = replacePackage(changed, next);
  }
  return { traveler: changed, events };
};

/**
 * Input: the current time. Output: how many packages were brought up to date.
 * Steps: read due package schedules from the index (no Scan); for each, read the traveler, let time pass for
 * its packages, and write traveler, events and the next schedule in one transaction.
 * Emits: package.usage.50/80/100_percent (duration-measured packages).
 */
export const sweepPackageSchedules = async (deps: {
  travelers: TravelerStore;
  packageSchedules: PackageScheduleIndex;
  clock: Clock;
}): Promise<number> => {
  const now = deps.clock.now();
  let swept = 0;
  for (const schedule of await deps.packageSchedules.due(now, PACKAGE_SWEEP_LIMIT_PER_SHARD)) {
    const done = await withRetry(async () => {
      const traveler = await deps.travelers.get(schedule.partner_id, schedule.user_id);
      if (!traveler) return false;
      const passed = passTime(traveler, now);
      if (passed.traveler === traveler) return false;
      await deps.travelers.commit({ travelers: [touched({ before: traveler, after: passed.traveler }, now)], events: passed.events });
      return true;
    });
    if (done) swept += 1;
    else await deps.packageSchedules.drop(schedule);
  }
  return swept;
};
