// composition → the DynamoDB adapters bound to this function's table, built once per function instance.
import { documentClient } from '#shared/composition/dynamodb';
import * as config from '#shared/config';
import { serviceClock } from '#shared/clock';
import { dynamoBookingLookups, dynamoBookingPages, dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoBrandDirectory, dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { cachedBrandResolver } from '#shared/storage/cached-brand-directory';
import { cachedPartnerDirectory } from '#shared/storage/cached-partner-directory';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { dynamoProviderNotices } from '#shared/storage/provider-notice-store';
import { lifecycleRepositories } from '#shared/composition/lifecycle';
import { dynamoTravelerLookups, dynamoTravelerStore } from '#shared/storage/traveler-store';
import type { LifecycleLookups, LifecycleStores } from '#shared/usecases/ports/lifecycle';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';

// Each store is built in a pure-marked closure, so a bundle keeps only the ones its function uses: esbuild drops an
// unused statement only when nothing in it may have effects (reading `config` counts as one).

export const bookingStore = /* @__PURE__ */ (() => dynamoBookingStore(documentClient, config.tableName()))();
export const bookingPages = /* @__PURE__ */ (() => dynamoBookingPages(documentClient, config.tableName()))();
// Cached briefly (PROFILE_CACHE_TTL_MS): creating a booking then needs no read of its partner.
export const partnerDirectory = /* @__PURE__ */ (() =>
  cachedPartnerDirectory(dynamoPartnerStore(documentClient, config.tableName()), { clock: serviceClock }))();
export const catalogStore = /* @__PURE__ */ (() => dynamoCatalogStore(documentClient, config.tableName()))();
export const brandStore = /* @__PURE__ */ (() => dynamoBrandStore(documentClient, config.tableName()))();

/** Every booking-side store: for use cases that need most of them (creating a booking). A handler needing one imports it alone. */
export const repositories = /* @__PURE__ */ (() => ({
  bookings: bookingStore,
  partners: partnerDirectory,
  catalog: catalogStore,
  brands: brandStore,
  clock: serviceClock,
  esimInstalled: esimInstalledAmong(dynamoTravelerLookups(documentClient, config.tableName())),
}))();

/** Reading bookings and travelers, without writing, for the functions that only look them up. */
export const bookingLookups = /* @__PURE__ */ (() => dynamoBookingLookups(documentClient, config.tableName()))();
export const travelerLookups = /* @__PURE__ */ (() => dynamoTravelerLookups(documentClient, config.tableName()))();

/** The traveler side over the given stores; the partner directory (cached) and the service clock are the same for all. */
const travelerSide = <Travelers, Bookings>(travelers: Travelers, bookings: Bookings) => ({
  travelers,
  bookings,
  partners: partnerDirectory,
  clock: serviceClock,
});

/** The traveler side's reads: the dashboard, install instructions and the classic grants' list. */
export const lifecycleLookups = /* @__PURE__ */ ((): LifecycleLookups => travelerSide(travelerLookups, bookingLookups))();
/** The brand the traveler's app shows, cached as partner profiles are (the dashboard). */
export const cachedBrands = /* @__PURE__ */ (() =>
  cachedBrandResolver(dynamoBrandDirectory(documentClient, config.tableName()), { clock: serviceClock }))();

/** Travelers alone, for the sweeps: no provider adapter or its secret's client. */
export const travelerStore = /* @__PURE__ */ (() => dynamoTravelerStore(documentClient, config.tableName()))();

/** The traveler side without its providers, for functions that write but reach none (classic destination, download progress). */
export const lifecycleStores = /* @__PURE__ */ ((): LifecycleStores => travelerSide(travelerStore, bookingStore))();
/** What providers report about profiles for support (ES2+ notifications). */
export const providerNotices = /* @__PURE__ */ (() => dynamoProviderNotices(documentClient, config.tableName()))();

/** Travelers, their eSIMs and packages, with the stage's connectivity and payment providers. */
export const lifecycle = /* @__PURE__ */ (() =>
  lifecycleRepositories(documentClient, config.tableName(), serviceClock, config.stage(), config.connectivity()))();
