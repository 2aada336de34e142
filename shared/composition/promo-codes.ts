// composition → what the public promo-code claim needs (the API route and the web app's claim page alike).
import { documentClient } from '#shared/composition/dynamodb';
import { bookingStore, partnerDirectory } from '#shared/composition/repositories';
import { serviceClock } from '#shared/clock';
import * as config from '#shared/config';
import { dynamoBrandDirectory } from '#shared/storage/brand-store';
import { readCatalogRegions } from '#shared/storage/catalog-store';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import type { ClaimDeps } from '#shared/usecases/promo-codes';

// The stores the claim reads and writes, and no others (of the catalog only its regions, and of the brands only what
// the email names).
export const promoCodeClaimDependencies: ClaimDeps = {
  bookings: bookingStore,
  partners: partnerDirectory,
  brands: dynamoBrandDirectory(documentClient, config.tableName()),
  clock: serviceClock,
  promoCodes: dynamoPromoCodeDirectory(documentClient, config.tableName()),
  throttle: dynamoThrottleCounter(documentClient, config.tableName()),
  regions: { listRegions: () => readCatalogRegions(documentClient, config.tableName()) },
};
