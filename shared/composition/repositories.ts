// composition → the DynamoDB adapters bound to this function's table, built once per function instance.
import { documentClient } from '#shared/composition/dynamodb';
import { config } from '#shared/config';
import { serviceClock } from '#shared/clock';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { cachedPartnerDirectory } from '#shared/storage/cached-partner-directory';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { lifecycleRepositories } from '#shared/composition/lifecycle';

// Both compositions are built in a pure-marked closure, so a bundle keeps only the one its function uses: esbuild
// drops an unused statement only when nothing in it may have effects (reading `config` counts as one).

export const repositories = /* @__PURE__ */ (() => ({
  bookings: dynamoBookingStore(documentClient, config.tableName),
  // Cached briefly (PROFILE_CACHE_TTL_MS): creating a booking then needs no read of its partner.
  partners: cachedPartnerDirectory(dynamoPartnerStore(documentClient, config.tableName), { clock: serviceClock }),
  catalog: dynamoCatalogStore(documentClient, config.tableName),
  brands: dynamoBrandStore(documentClient, config.tableName),
  clock: serviceClock,
}))();

/** Travelers, their eSIMs and packages, with the stage's connectivity and payment providers. */
export const lifecycle = /* @__PURE__ */ (() =>
  lifecycleRepositories(documentClient, config.tableName, serviceClock, config.stage, config.connectivity))();
