// composition → the scheduled sweepers' adapters: departure schedules, bookings, travelers, the service clock, and
// the provider order journal with the connectivity provider that reconciles it.
import { documentClient } from '#shared/composition/dynamodb';
import { bookingStore, travelerLookups, travelerStore } from '#shared/composition/repositories';
import { serviceClock } from '#shared/clock';
import * as config from '#shared/config';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';
import { dynamoPackageScheduleIndex } from '#shared/storage/package-schedule-index';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { providersFor } from '#shared/composition/providers';
import { dynamoProviderOrderJournal } from '#shared/storage/provider-order-store';
import type { ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';

/** The sweeps' adapters, pure-marked so the reconciliation function bundles none of them. */
export const sweeperDependencies = /* @__PURE__ */ (() => ({
  schedules: dynamoScheduleStore(documentClient, config.tableName()),
  bookings: bookingStore,
  travelers: travelerStore,
  packageSchedules: dynamoPackageScheduleIndex(documentClient, config.tableName()),
  clock: serviceClock,
  esimInstalled: esimInstalledAmong(travelerStore),
}))();

/** The reconciliation sweep's adapters: the order journal and the stage's connectivity provider (null: it keeps no orders). */
export const reconciliationDependencies = /* @__PURE__ */ (() => {
  const orders = dynamoProviderOrderJournal(documentClient, config.tableName());
  const { connectivity } = providersFor({ stage: config.stage(), connectivity: config.connectivity(), journal: orders, clock: serviceClock });
  return {
    orders,
    reconciler: connectivity.reconcile ? (connectivity as ProviderOrderReconciler) : null,
    travelers: travelerLookups,
    clock: serviceClock,
  };
})();
