// schedule adapter → every minute, fires the departure events that have come due.
import middy from '@middy/core';
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { logger, observability } from '#shared/observability';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { repositories } from '#shared/storage/repositories';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';

const schedules = dynamoScheduleStore(documentClient, config.tableName);

export const handler = middy()
  .use(observability())
  .handler(async (): Promise<void> => {
    const fired = await sweepDepartureEvents({ schedules, bookings: repositories.bookings, clock: repositories.clock });
    if (fired > 0) logger.info('Departure events fired', { fired });
  });
