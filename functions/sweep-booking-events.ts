// schedule adapter → every minute, does the time-driven work that has come due: departure events, and package
// usage thresholds by duration and package expiry. The two sweeps are independent: one that fails neither skips
// nor delays the other.
import middy from '@middy/core';
import { sweeperDependencies } from '#shared/composition/schedules';
import { logger, observability } from '#shared/observability';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';

const sweeps = {
  departures: () => sweepDepartureEvents(sweeperDependencies),
  packages: () => sweepPackageSchedules(sweeperDependencies),
};

export const handler = middy()
  .use(observability())
  .handler(async (): Promise<void> => {
    const names = Object.keys(sweeps) as Array<keyof typeof sweeps>;
    const results = await Promise.allSettled(names.map((name) => sweeps[name]()));
    const failed = names.filter((name, index) => {
      const result = results[index]!;
      if (result.status === 'rejected') logger.error('Sweep failed', { sweep: name, error: result.reason as Error });
      return result.status === 'rejected';
    });
    const [fired, swept] = results.map((result) => (result.status === 'fulfilled' ? result.value : 0));
    if (fired || swept) logger.info('Time-driven work done', { fired, swept });
    // Failing the invocation after both ran puts the failure on the function's error metric and alarm.
    if (failed.length > 0) throw new Error(`Sweep failed: ${failed.join(', ')}`);
  });
