// use case → the reconciliation sweep: provider orders left mid-way (a redemption that failed or was abandoned
// between ordering and committing) are finished or cancelled, found in the time index (never a Scan).
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import type { TravelerStore } from '#shared/usecases/ports/lifecycle';
import type { ProviderOrderJournal, ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';
import type { Clock } from '#shared/usecases/ports/services';

export const RECONCILE_LIMIT_PER_SHARD = 25;

export interface ReconciliationOutcome {
  /** Orders settled: cancelled at the provider, or found attached to a traveler's eSIM. */
  settled: number;
  /** Orders the provider could not take now; they stay due and the next run tries again. */
  deferred: number;
}

/**
 * Input: the current time. Output: how many due orders were settled or deferred.
 * Steps: read orders whose reconcile time has passed; an order whose ICCID a traveler of the same partner carries
 * finished its redemption and is kept; any other is cancelled at the provider (its profile back to the inventory).
 * Emits: nothing (no partner-visible change: the redemption that placed the order never committed).
 */
export const reconcileProviderOrders = async (deps: {
  orders: ProviderOrderJournal;
  reconciler: ProviderOrderReconciler;
  travelers: Pick<TravelerStore, 'findByIccid'>;
  clock: Clock;
}): Promise<ReconciliationOutcome> => {
  const outcome: ReconciliationOutcome = { settled: 0, deferred: 0 };
  for (const order of await deps.orders.dueForReconciliation(deps.clock.now(), RECONCILE_LIMIT_PER_SHARD)) {
    const holder = order.iccid ? await deps.travelers.findByIccid(order.iccid) : undefined;
    try {
      await deps.reconciler.reconcile(order, holder?.partner_id === order.partner_id);
      outcome.settled += 1;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      outcome.deferred += 1;
    }
  }
  return outcome;
};
