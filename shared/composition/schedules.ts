// composition → the scheduled sweeper's adapters: departure schedules, bookings, travelers and the service clock.
import { documentClient } from '#shared/composition/dynamodb';
import { lifecycle, repositories } from '#shared/composition/repositories';
import { config } from '#shared/config';
import type { Booking } from '#shared/domain/booking';
import { primaryExternalUserId } from '#shared/domain/departure-events';
import { hasInstalledEsim } from '#shared/domain/traveler';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';

/** Whether the booking's traveler has installed an eSIM (the departure events' `esim_installed`). */
const esimInstalled = async (booking: Booking): Promise<boolean> => {
  const externalUserId = primaryExternalUserId(booking);
  const traveler = externalUserId ? await lifecycle.travelers.findByExternalUserId(booking.partner_id, externalUserId) : undefined;
  return traveler ? hasInstalledEsim(traveler) : false;
};

export const sweeperDependencies = {
  schedules: dynamoScheduleStore(documentClient, config.tableName),
  bookings: repositories.bookings,
  travelers: lifecycle.travelers,
  clock: repositories.clock,
  esimInstalled,
};
