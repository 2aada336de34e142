// use cases → the web app's shop: a destination's bundles, and buying one through the payment port and the
// lifecycle purchase use case (the one the sandbox `purchase` step uses), as a web-app purchase.
import { createHash, randomUUID } from 'node:crypto';
import type { BundleRecord, DestinationRecord, DestinationSummary } from '#shared/domain/catalog';
import { findDestination, listDestinations } from '#shared/usecases/destinations';
import { recordPurchase } from '#shared/usecases/payments';
import { NotFoundError } from '#shared/errors';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import type { TravelerSession } from '#shared/usecases/ports/travelers';

/** The checkout form's nonce: random per rendered form, so a double submission carries the same one. */
export const CHECKOUT_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * What the shop sells: paid, data-limited bundles. The lifecycle purchase use case provisions data-limited
 * packages only (spec: top-ups are data-limited), and a payment needs a positive amount.
 */
export const sellable = (bundle: BundleRecord): boolean => bundle.package_type === 'data-limited' && bundle.size !== null && bundle.price > 0;

export interface ShopView {
  destinations: DestinationSummary[];
  /** The chosen destination with its bundles; undefined when none is chosen or the id is unknown. */
  destination: DestinationRecord | undefined;
}

/** Input: an optional destination id. Output: every destination, and the chosen one with its bundles. */
export const showShop = async (input: { destinationId?: string }, deps: { catalog: DestinationCatalog }): Promise<ShopView> => {
  const destinations = await listDestinations(deps);
  if (!input.destinationId) return { destinations, destination: undefined };
  const destination = await findDestination(input.destinationId, deps).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  return { destinations, destination: destination && { ...destination, bundles: destination.bundles.filter(sellable) } };
};

export type CheckoutOutcome =
  | { ok: true; bundle: BundleRecord; destination: DestinationRecord; paymentId: string; event: string | null; repeated: boolean }
  | { ok: false; reason: 'bundle_not_found' };

/**
 * Input: the session, destination, bundle and the form's nonce. Charges the bundle's price through the payment
 * port with an idempotency key from (partner, traveler, nonce), so the same form sent twice charges once and
 * provisions one package (recordPurchase keys packages by payment id). Emits package.purchased (first purchase
 * for the destination, with a package_queue_uuid: a web-app purchase) or topup.completed.
 */
export const checkoutBundle = async (
  input: { session: TravelerSession; destinationId: string; bundleId: string; nonce: string },
  deps: { catalog: DestinationCatalog; lifecycle: LifecycleDeps },
): Promise<CheckoutOutcome> => {
  const destination = await findDestination(input.destinationId, deps).catch(() => undefined);
  const bundle = destination?.bundles.find((candidate) => candidate.id === input.bundleId && sellable(candidate));
  if (!destination || !bundle) return { ok: false, reason: 'bundle_not_found' };
  const { partner_id: partnerId, external_user_id: externalUserId } = input.session;
  const idempotencyKey = createHash('sha256').update(`web-shop\n${partnerId}\n${externalUserId}\n${input.nonce}`).digest('base64url');
  const { paymentId } = await deps.lifecycle.payments.charge({ idempotencyKey, amount: bundle.price, currency: bundle.currency });
  const result = await recordPurchase(
    {
      partnerId,
      externalUserId,
      paymentId,
      amount: bundle.price,
      currency: bundle.currency,
      destination: bundle.destination,
      size: bundle.size,
      durationDays: bundle.package_duration,
      packageQueueUuid: randomUUID(),
    },
    deps.lifecycle,
  );
  return { ok: true, bundle, destination, paymentId, event: result.events[0]?.event ?? null, repeated: !result.applied };
};
