// schedule adapter → every minute, does the time-driven work that has come due: departure events, then
// package usage thresholds by duration and package expiry.
import middy from '@middy/core';
import { sweeperDependencies } from '#shared/composition/schedules';
import { logger, observability } from '#shared/observability';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';

export const handler = middy()
  .use(observability())
  .handler(async (): Promise<void> => {
    const fired = await sweepDepartureEvents(sweeperDependencies);
    const swept = await sweepPackageSchedules(sweeperDependencies);
    if (fired > 0 || swept > 0) logger.info('Time-driven work done', { fired, swept });
  });
