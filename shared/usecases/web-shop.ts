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

/** Bundles sold for the chosen destination itself (`region` undefined) or for a region that covers it. */
export interface ShopGroup {
  region: DestinationSummary | undefined;
  bundles: BundleRecord[];
}

export interface ShopView {
  destinations: DestinationSummary[];
  /** The chosen destination; undefined when none is chosen or the id is unknown. */
  destination: DestinationSummary | undefined;
  /** The chosen destination's bundles in one currency: its own first, then each covering region's, labeled. */
  groups: ShopGroup[];
  /** An id was asked for that names no destination of the catalog (a stale or edited link). */
  unknownDestination?: boolean;
}

const mostCommon = (values: string[]): string | undefined => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/**
 * What the shop offers for a destination: its own and its regions' sellable bundles in one currency, so a traveler
 * compares prices in one currency. The currency is the one the destination's own bundles are priced in (most of
 * them, when several), else the one most of the regional bundles are priced in; bundles priced in another currency
 * are left out.
 */
export const offeredBundles = (destination: DestinationRecord): BundleRecord[] => {
  const bundles = destination.bundles.filter(sellable);
  const own = bundles.filter((bundle) => bundle.destination === destination.id);
  const currency = mostCommon(own.map((bundle) => bundle.currency)) ?? mostCommon(bundles.map((bundle) => bundle.currency));
  return bundles.filter((bundle) => bundle.currency === currency);
};

/** The offered bundles grouped: the destination's own, then each covering region's, in the order of its regions. */
export const shopGroups = (destination: DestinationRecord, destinations: DestinationSummary[]): ShopGroup[] => {
  const offered = offeredBundles(destination);
  const groups: ShopGroup[] = [{ region: undefined, bundles: offered.filter((bundle) => bundle.destination === destination.id) }];
  for (const region of destinations.filter((summary) => summary.type === 'region' && destination.regions.includes(summary.id))) {
    groups.push({ region, bundles: offered.filter((bundle) => bundle.destination === region.id) });
  }
  return groups.filter((group) => group.bundles.length > 0);
};

/** Input: an optional destination id. Output: every destination, and the chosen one with what the shop offers for it. */
export const showShop = async (input: { destinationId?: string }, deps: { catalog: DestinationCatalog }): Promise<ShopView> => {
  const destinations = await listDestinations(deps);
  if (!input.destinationId) return { destinations, destination: undefined, groups: [] };
  const destination = await findDestination(input.destinationId, deps).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!destination) return { destinations, destination: undefined, groups: [], unknownDestination: true };
  return { destinations, destination, groups: shopGroups(destination, destinations) };
};

export type CheckoutOutcome =
  | {
      ok: true;
      bundle: BundleRecord;
      destination: DestinationRecord;
      paymentId: string;
      event: string | null;
      repeated: boolean;
      /** The eSIM the package is on, and whether it is installed: the next step the traveler is shown. */
      esim: { iccid: string; installed: boolean };
    }
  | { ok: false; reason: 'bundle_not_found' };

/**
 * Input: the session, destination, bundle and the form's nonce. Only a bundle the shop offers for that destination
 * is sold. Charges its price through the payment port with an idempotency key from (partner, traveler, nonce,
 * bundle), so the same form sent twice charges once and provisions one package (recordPurchase keys packages by
 * payment id), and a nonce sent with another bundle is another purchase, never the first one's receipt. A region's
 * bundle is provisioned for the region's code (XEU), as a promo code for it is. Emits package.purchased (first
 * purchase for the destination, with a package_queue_uuid: a web-app purchase) or topup.completed.
 */
export const checkoutBundle = async (
  input: { session: TravelerSession; destinationId: string; bundleId: string; nonce: string },
  deps: { catalog: DestinationCatalog; lifecycle: LifecycleDeps },
): Promise<CheckoutOutcome> => {
  const destination = await findDestination(input.destinationId, deps).catch(() => undefined);
  const bundle = destination && offeredBundles(destination).find((candidate) => candidate.id === input.bundleId);
  if (!destination || !bundle) return { ok: false, reason: 'bundle_not_found' };
  const soldFor = bundle.destination === destination.id ? destination : await findDestination(bundle.destination, deps);
  const { partner_id: partnerId, external_user_id: externalUserId } = input.session;
  const idempotencyKey = createHash('sha256').update(`web-shop\n${partnerId}\n${externalUserId}\n${input.nonce}\n${bundle.id}`).digest('base64url');
  const { paymentId } = await deps.lifecycle.payments.charge({ idempotencyKey, amount: bundle.price, currency: bundle.currency });
  const result = await recordPurchase(
    {
      partnerId,
      externalUserId,
      paymentId,
      amount: bundle.price,
      currency: bundle.currency,
      // A country's ISO3 code, or a region's X-range code (decision F64), never a region id.
      destination: soldFor.iso3 ?? bundle.destination,
      size: bundle.size,
      durationDays: bundle.package_duration,
      packageQueueUuid: randomUUID(),
    },
    deps.lifecycle,
  );
  const esim = result.traveler.esims.find((candidate) => candidate.iccid === result.pkg.iccid);
  return {
    ok: true,
    bundle,
    destination,
    paymentId,
    event: result.events[0]?.event ?? null,
    repeated: !result.applied,
    esim: { iccid: result.pkg.iccid, installed: esim?.state === 'installed' },
  };
};
