// composition → the adapters of the traveler web app's page functions, built once per function instance.
import { documentClient } from '#shared/composition/dynamodb';
import { serviceClock, wallClock } from '#shared/clock';
import * as config from '#shared/config';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { dynamoPromoClaimLookup } from '#shared/storage/promo-claim-lookup';
import { cachedPartnerDirectory } from '#shared/storage/cached-partner-directory';
import { dynamoPartnerProfiles } from '#shared/storage/partner-store';
import { dynamoSessionStore } from '#shared/storage/session-store';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import { lifecycleTravelerDirectory, lifecycleTravelerHomes } from '#shared/usecases/traveler-directory';

// Each adapter is built in a pure-marked closure (as in repositories.ts) and each function composes the ones its use
// case reads, so it bundles only those (the brand stylesheet: the brand store alone).

export const webBrandStore = /* @__PURE__ */ (() => dynamoBrandStore(documentClient, config.tableName()))();
/** What reading or ending a session needs. Tokens and sessions are security windows: real time (decision F20), never a moved clock. */
export const webSessions = /* @__PURE__ */ (() => ({ sessions: dynamoSessionStore(documentClient, config.tableName()), clock: wallClock }))();
/** Signing in and every page also ask whether the partner is still active (cached for PROFILE_CACHE_TTL_MS, F133). */
export const webSignIns = /* @__PURE__ */ (() => ({
  ...webSessions,
  partners: cachedPartnerDirectory(dynamoPartnerProfiles(documentClient, config.tableName()), { clock: wallClock }),
}))();

// What a traveler owns runs on the service clock like the rest of the lifecycle.
export const webTravelers = /* @__PURE__ */ (() =>
  lifecycleTravelerHomes({
    travelers: dynamoTravelerStore(documentClient, config.tableName()),
    bookings: dynamoBookingStore(documentClient, config.tableName()),
    // The same cached directory as the pages' standing check: a grant's default size costs no read of its own.
    partners: webSignIns.partners,
    clock: serviceClock,
  }))();
/** Who a redirect token is for: the traveler store alone. */
export const webTravelerDirectory = /* @__PURE__ */ (() =>
  lifecycleTravelerDirectory({ travelers: dynamoTravelerStore(documentClient, config.tableName()), clock: serviceClock }))();

/** What the public claim page shows of a promo code. */
export const webPromoCodes = /* @__PURE__ */ (() => dynamoPromoClaimLookup(documentClient, config.tableName()))();
/** Region names for the home page's packages bought for a region. */
export const webCatalog = /* @__PURE__ */ (() => dynamoCatalogStore(documentClient, config.tableName()))();
