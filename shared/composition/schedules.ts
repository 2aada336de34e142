// composition → the scheduled sweepers' adapters: departure schedules, bookings, travelers, the service clock, and
// the provider order journal with the connectivity provider that reconciles it.
import { documentClient } from '#shared/composition/dynamodb';
import { bookingStore, travelerLookups, travelerStore } from '#shared/composition/repositories';
import { serviceClock } from '#shared/clock';
import * as config from '#shared/config';
import type { Booking } from '#shared/domain/booking';
import { primaryExternalUserId } from '#shared/domain/departure-events';
import { hasInstalledEsim } from '#shared/domain/traveler';
import { dynamoPackageScheduleIndex } from '#shared/storage/package-schedule-index';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { providersFor } from '#shared/composition/providers';
import { dynamoProviderOrderJournal } from '#shared/storage/provider-order-store';
import type { ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';

/** Whether the booking's traveler has installed an eSIM (the departure events' `esim_installed`). */
const esimInstalled = async (booking: Booking): Promise<boolean> => {
  const externalUserId = primaryExternalUserId(booking);
  const traveler = externalUserId ? await travelerStore.findByExternalUserId(booking.partner_id, externalUserId) : undefined;
  return traveler ? hasInstalledEsim(traveler) : false;
};

/** The sweeps' adapters, pure-marked so the reconciliation function bundles none of them. */
export const sweeperDependencies = /* @__PURE__ */ (() => ({
  schedules: dynamoScheduleStore(documentClient, config.tableName()),
  bookings: bookingStore,
  travelers: travelerStore,
  packageSchedules: dynamoPackageScheduleIndex(documentClient, config.tableName()),
  clock: serviceClock,
  esimInstalled,
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
