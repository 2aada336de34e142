// web → the adapters page functions use, built once per function instance (module scope).
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { interimTravelerDirectory } from '#shared/storage/interim-traveler-directory';
import { dynamoPromoClaimLookup } from '#shared/storage/promo-claim-lookup';
import { dynamoSessionStore } from '#shared/storage/session-store';
import { systemClock } from '#shared/usecases/ports';

const travelers = interimTravelerDirectory(documentClient, config.tableName);

export const webDependencies = {
  sessions: dynamoSessionStore(documentClient, config.tableName),
  brands: dynamoBrandStore(documentClient, config.tableName),
  /** INTERIM: bind the traveler lifecycle's directory and home source here when it lands. */
  travelers,
  home: travelers,
  promoCodes: dynamoPromoClaimLookup(documentClient, config.tableName),
  clock: systemClock,
};
