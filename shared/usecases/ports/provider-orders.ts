// ports → the journal of orders placed with a connectivity provider: what was ordered for which redemption, so a
// retried redemption resumes its own order instead of placing a second one, and the reconciliation sweep finds
// orders left mid-way.

/** `ordered`: the provider reserved a profile, not yet released for download. `confirmed`: ready to download. */
export type ProviderOrderState = 'ordering' | 'ordered' | 'confirmed' | 'cancelled';

export interface ProviderOrder {
  partner_id: string;
  /** The redemption's stable order reference (the allocation's idempotency key). */
  reference: string;
  provider: string;
  /** Counts fresh orders for this reference: a cancelled order is followed by a new one with new call ids. */
  attempt: number;
  /** What was ordered (ES2+ profile type, eSIM Go bundle name), so a repeated call asks for the same thing. */
  profile_type: string;
  state: ProviderOrderState;
  iccid: string | null;
  matching_id: string | null;
  smdp_address: string | null;
  /**
   * For an eSIM ordered with a bundle (eSIM Go): the order reference of the package that bundle is, so a redemption
   * that resumes another's order of the traveler's eSIM knows its own package is still to order (decision F168).
   */
  package_reference?: string | null;
  /** The provider's own name of the order, when it has one (eSIM Go's `orderReference`). */
  provider_reference?: string | null;
  /** True when the activation code ends in `$1`: the traveler must type a confirmation code. */
  confirmation_code_required: boolean;
  /**
   * The confirmation code sent in confirmOrder, encrypted (context: partner and ICCID); written before the call,
   * so a retried redemption sends the same code. Absent on orders journalled before codes existed.
   */
  confirmation_code_ciphertext?: string | null;
  created_at: string;
  updated_at: string;
  /** When the sweep looks at the order if it has not reached a final state (or was not attached) by then. */
  reconcile_at: string | null;
  /**
   * ES2+: until when the request that journalled the order before its next call may still be sending it; cleared when
   * the call answers or fails. Another request needing the order meanwhile waits for its outcome (decision F168).
   */
  in_flight_until?: string | null;
}

export interface ProviderOrderJournal {
  get(partnerId: string, reference: string): Promise<ProviderOrder | undefined>;
  /** Writes the order's current state (last writer wins: one redemption drives one order). */
  save(order: ProviderOrder): Promise<void>;
  /**
   * Writes a new attempt only if the journal still holds what the caller read (`after`: nothing, or that cancelled
   * attempt); false when another caller began one meanwhile. Two requests for one grant then send one order.
   */
  begin(order: ProviderOrder, after: Pick<ProviderOrder, 'attempt'> | undefined): Promise<boolean>;
  /**
   * ES2+ (decision F168): writes the order as held by the caller for its next call (`in_flight_until` set, `updated_at`
   * the time of the hold) only if the journal still holds the version the caller read (`seen`) and no other request
   * holds it at that time; false when another request took it meanwhile. Two requests resuming one order then send
   * its calls once.
   */
  hold(order: ProviderOrder, seen: Pick<ProviderOrder, 'updated_at'>): Promise<boolean>;
  /** Orders whose reconcile_at has passed, oldest first, at most `limit` per shard of the time index. */
  dueForReconciliation(now: Date, limit: number): Promise<ProviderOrder[]>;
  /**
   * Records that the provider's own order `providerReference` is ours `owner`; the first claim wins and later ones
   * answer that first owner. An order found by time and bundle (eSIM Go) is taken only when the claim is ours.
   */
  claimProviderReference(provider: string, providerReference: string, owner: ProviderOrderOwner): Promise<ProviderOrderOwner>;
}

export type ProviderOrderOwner = Pick<ProviderOrder, 'partner_id' | 'reference'>;

/** Finishes or cancels one order found mid-way; answers the order as it now stands. */
export interface ProviderOrderReconciler {
  /** `attached`: a traveler's eSIM carries the order's ICCID, so the redemption finished and the order is kept. */
  reconcile(order: ProviderOrder, attached: boolean): Promise<ProviderOrder>;
}
