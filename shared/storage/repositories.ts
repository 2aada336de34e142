// storage → the DynamoDB adapters bound to this function's table, built once per function instance.
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { serviceClock } from '#shared/clock';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { lifecycleRepositories } from '#shared/storage/lifecycle-repositories';

export const repositories = {
  bookings: dynamoBookingStore(documentClient, config.tableName),
  partners: dynamoPartnerStore(documentClient, config.tableName),
  catalog: dynamoCatalogStore(documentClient, config.tableName),
  brands: dynamoBrandStore(documentClient, config.tableName),
  clock: serviceClock,
};

/** Travelers, their eSIMs and packages, with the stage's connectivity and payment providers. */
export const lifecycle = lifecycleRepositories(documentClient, config.tableName, repositories.clock, config.stage);
