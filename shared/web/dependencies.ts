// web → the adapters page functions use, built once per function instance (module scope).
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoPromoClaimLookup } from '#shared/storage/promo-claim-lookup';
import { dynamoSessionStore } from '#shared/storage/session-store';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import { systemClock } from '#shared/usecases/ports';
import { lifecycleTravelerDirectory } from '#shared/web/traveler-directory';

/** Tokens and sessions are security windows, so they run on wall time (decision F20), never on a moved clock. */
const clock = systemClock;

const travelers = lifecycleTravelerDirectory({
  travelers: dynamoTravelerStore(documentClient, config.tableName),
  bookings: dynamoBookingStore(documentClient, config.tableName),
  clock,
});

export const webDependencies = {
  sessions: dynamoSessionStore(documentClient, config.tableName),
  brands: dynamoBrandStore(documentClient, config.tableName),
  travelers,
  home: travelers,
  esims: travelers,
  promoCodes: dynamoPromoClaimLookup(documentClient, config.tableName),
  clock,
};
