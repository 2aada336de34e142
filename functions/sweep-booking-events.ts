// schedule adapter → every minute, does the time-driven work that has come due: departure events, then
// package usage thresholds by duration and package expiry.
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { primaryExternalUserId } from '#shared/domain/departure-events';
import { hasInstalledEsim } from '#shared/domain/traveler';
import middy from '@middy/core';
import { logger, observability } from '#shared/observability';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { lifecycle, repositories } from '#shared/storage/repositories';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';

const schedules = dynamoScheduleStore(documentClient, config.tableName);

export const handler = middy()
  .use(observability())
  .handler(async (): Promise<void> => {
    const fired = await sweepDepartureEvents({
      schedules,
      bookings: repositories.bookings,
      clock: repositories.clock,
      esimInstalled: async (booking) => {
        const externalUserId = primaryExternalUserId(booking);
        const traveler = externalUserId ? await lifecycle.travelers.findByExternalUserId(booking.partner_id, externalUserId) : undefined;
        return traveler ? hasInstalledEsim(traveler) : false;
      },
    });
    const swept = await sweepPackageSchedules({ travelers: lifecycle.travelers, clock: repositories.clock });
    if (fired > 0 || swept > 0) logger.info('Time-driven work done', { fired, swept });
  });
