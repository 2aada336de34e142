// storage → every key of the single table (docs/data-model.md). Keys a partner request can reach start with
// the partner id, so no request can address another partner's items. Import it whole (`import * as keys`): each
// key is its own export, so a function bundles only the keys it uses.

const partner = (partnerId: string) => `PARTNER#${partnerId}`;

export const partnerProfile = (partnerId: string) => ({ pk: partner(partnerId), sk: 'PROFILE' });
export const partnersIndex = { gsi1pk: 'PARTNERS' };
export const apiKey = (apiKey: string) => ({ pk: `APIKEY#${apiKey}`, sk: 'APIKEY' });
export const usedSignature = (apiKey: string, signature: string) => ({ pk: `SIGNATURE#${apiKey}#${signature}`, sk: 'SIGNATURE' });

/**
 * A partner's bookings are spread over BOOKING_SHARDS item collections by a hash of the booking id: one collection
 * would take every write of a busy partner (over 1,000 WCU/s at 1,000 bookings/s, docs/data-model.md, Hot keys).
 * The id names its shard, so reading one booking is still one GetItem; a list page merges one Query per shard.
 */
export const BOOKING_SHARDS = 16;
export const bookingsOf = (partnerId: string, shard: number) => `${partner(partnerId)}#BOOKINGS#${shard}`;
export const bookingSortKey = (bookingId: string) => `BOOKING#${bookingId}`;
export const booking = (partnerId: string, bookingId: string) => ({
  pk: bookingsOf(partnerId, shardOf(bookingId, BOOKING_SHARDS)),
  sk: bookingSortKey(bookingId),
});
export const bookingReference = (partnerId: string, reference: string) => ({
  pk: `${partner(partnerId)}#BOOKING_REF#${reference}`,
  sk: 'BOOKING_REF',
});
export const promoCode = (partnerId: string, uuid: string) => ({ pk: `${partner(partnerId)}#PROMO#${uuid}`, sk: 'PROMO' });
export const promoCodeLookup = (uuid: string) => ({ gsi1pk: `PROMO#${uuid}`, gsi1sk: 'PROMO' });
export const travelerQueue = (partnerId: string, traveler: string, queueUuid: string) => ({
  pk: `${partner(partnerId)}#TRAVELER#${traveler}`,
  sk: `QUEUE#${queueUuid}`,
});
/** On a queue look-up whose entry names a traveler with a booked email: finds that traveler by the email. */
export const bookedEmailLookup = (partnerId: string, email: string, queueUuid: string) => ({
  gsi1pk: `${partner(partnerId)}#BOOKED_EMAIL#${email.toLowerCase()}`,
  gsi1sk: `QUEUE#${queueUuid}`,
});
export const departureSchedule = (partnerId: string, bookingId: string, event: string) => ({
  pk: `${partner(partnerId)}#BOOKING#${bookingId}`,
  sk: `SCHEDULE#${event}`,
});
/**
 * Due schedules are spread over shards so the sweeper's index partitions stay cool: every schedule is written once
 * and deleted once, two per booking. Only ever raised (the sweeper reads shards 0..n-1, so older items stay found).
 */
export const dueShard = (shard: number) => `DUE#${shard}`;
export const DUE_SHARDS = 16;

export const event = (partnerId: string, eventId: string) => ({ pk: `${partner(partnerId)}#EVENT#${eventId}`, sk: 'EVENT' });
export const eventLookup = (eventId: string) => `EVENT#${eventId}`;
/** An outbox email request; no gsi1 look-up, so no event replay can find it (it is never a webhook). */
export const emailRequest = (partnerId: string, requestId: string) => ({
  pk: `${partner(partnerId)}#EMAIL_REQUEST#${requestId}`,
  sk: 'EMAIL_REQUEST',
});
export const delivery = (partnerId: string, deliveryId: string) => ({ pk: `${partner(partnerId)}#DELIVERY#${deliveryId}`, sk: 'DELIVERY' });
export const deliveryAttempt = (partnerId: string, deliveryId: string, attempt: number) => ({
  pk: `${partner(partnerId)}#DELIVERY#${deliveryId}`,
  sk: `ATTEMPT#${String(attempt).padStart(2, '0')}`,
});
/**
 * A partner's delivery log (gsi2) is spread over DELIVERY_SHARDS index partitions by a hash of the delivery id: one
 * partition would take every attempt of a busy partner's deliveries (docs/data-model.md, Hot keys; decision F120).
 * A log page merges one Query per shard from its position, by `{created_at}#{delivery_id}`.
 */
export const DELIVERY_SHARDS = 16;
export const deliveriesOf = (partnerId: string, shard: number) => `${partner(partnerId)}#DELIVERIES#${shard}`;
export const deliveryLogShard = (partnerId: string, deliveryId: string) => deliveriesOf(partnerId, shardOf(deliveryId, DELIVERY_SHARDS));
/** A replay or recovery in the outbox: no gsi1 look-up, so it is never mistaken for the recorded event. */
export const replayRequest = (partnerId: string, requestId: string) => ({ pk: `${partner(partnerId)}#REPLAY#${requestId}`, sk: 'REPLAY' });

/** Traveler lifecycle (docs/data-model.md, Travelers): the aggregate, its look-ups and its due work. */
export const traveler = (partnerId: string, userId: string) => ({ pk: `${partner(partnerId)}#USER#${userId}`, sk: 'TRAVELER' });
export const travelerByExternalId = (partnerId: string, externalUserId: string) => ({
  pk: `${partner(partnerId)}#EXTERNAL_USER#${externalUserId}`,
  sk: 'TRAVELER_REF',
});
export const travelerByEmail = (partnerId: string, email: string) => ({
  pk: `${partner(partnerId)}#EMAIL#${email.toLowerCase()}`,
  sk: 'TRAVELER_REF',
});
export const promoCodeValue = (partnerId: string, code: string) => ({ pk: `${partner(partnerId)}#PROMO_CODE#${code}`, sk: 'PROMO_CODE_REF' });
/** Reporters name an ICCID or package id only; these look-ups find the partner and traveler. */
export const esimRef = (iccid: string) => ({ pk: `ESIM#${iccid}`, sk: 'ESIM_REF' });
export const packageRef = (packageId: string) => ({ pk: `TRAVELER_PACKAGE#${packageId}`, sk: 'PACKAGE_REF' });
export const packageByQueueEntry = (partnerId: string, queueUuid: string) => ({
  pk: `${partner(partnerId)}#QUEUE_PACKAGE#${queueUuid}`,
  sk: 'PACKAGE_REF',
});
/** One payment pays for one package of one traveler: a second traveler's package cannot take the same payment_id. */
export const packageByPayment = (partnerId: string, paymentId: string) => ({
  pk: `${partner(partnerId)}#PAYMENT#${paymentId}`,
  sk: 'PACKAGE_REF',
});
export const packageSchedule = (partnerId: string, userId: string, packageId: string) => ({
  pk: `${partner(partnerId)}#USER#${userId}`,
  sk: `SCHEDULE#${packageId}`,
});
export const packageDueShard = (shard: number) => `DUE_PACKAGE#${shard}`;
/** One order placed with a connectivity provider for one redemption (docs/providers.md, Order journal). */
export const providerOrder = (partnerId: string, reference: string) => ({
  pk: `${partner(partnerId)}#PROVIDER_ORDER#${reference}`,
  sk: 'PROVIDER_ORDER',
});
export const providerOrderDueShard = (shard: number) => `DUE_PROVIDER_ORDER#${shard}`;
/** Which of our orders a provider's own order reference belongs to (first claim wins). */
export const providerReference = (provider: string, reference: string) => ({
  pk: `PROVIDER_REFERENCE#${provider}#${reference}`,
  sk: 'PROVIDER_REFERENCE',
});
/** What an SM-DP+ reported about one profile for support to read (failures, deletion), in time order. */
export const providerNotices = (partnerId: string, iccid: string) => `${partner(partnerId)}#ESIM#${iccid}#NOTICES`;
export const providerNotice = (partnerId: string, iccid: string, position: string) => ({
  pk: providerNotices(partnerId, iccid),
  sk: `NOTICE#${position}`,
});
export const fact = (reporter: string, eventId: string) => ({ pk: `FACT#${reporter}#${eventId}`, sk: 'FACT' });
export const reporterKey = (apiKey: string) => ({ pk: `REPORTERKEY#${apiKey}`, sk: 'REPORTERKEY' });

export const catalogPackage = (packageId: string) => ({ pk: `CATALOG#PACKAGE#${packageId}`, sk: 'PACKAGE' });
/** Global, read-only for partners: every destination in one bounded item collection (one Query lists them). */
export const catalogDestinations = 'CATALOG#DESTINATIONS';
export const catalogDestination = (destinationId: string) => ({ pk: 'CATALOG#DESTINATIONS', sk: `DESTINATION#${destinationId}` });
export const catalogVersion = { pk: 'CATALOG#VERSION', sk: 'VERSION' };
/** One fixed-window counter (TTL item) per throttled subject and window. */
export const throttleWindow = (scope: string, subject: string, windowStart: number) => ({
  pk: `THROTTLE#${scope}#${subject}`,
  sk: `WINDOW#${windowStart}`,
});
/** One partition per Idempotency-Key: a partner's retried creates never share a partition with its other creates. */
export const idempotencyPartition = (partnerId: string, idempotencyKey: string) => `${partner(partnerId)}#IDEMPOTENCY#${idempotencyKey}`;

/** Brands live beside the partner profile: one Query on `BRAND#` lists them. */
export const brand = (partnerId: string, brandId: string) => ({ pk: partner(partnerId), sk: `BRAND#${brandId}` });
export const BRAND_PREFIX = 'BRAND#';
export const defaultBrand = (partnerId: string) => ({ pk: partner(partnerId), sk: 'DEFAULT_BRAND' });
export const redirectToken = (partnerId: string, nonce: string) => ({ pk: `${partner(partnerId)}#REDIRECT_TOKEN#${nonce}`, sk: 'REDIRECT_TOKEN' });
/** Reached only through the session cookie, never by a partner request; keyed by the hash of the cookie value. */
/** A partner portal link (single use) and the portal session it opens (by cookie hash, like traveler sessions). */
export const portalLink = (partnerId: string, nonce: string) => ({ pk: `${partner(partnerId)}#PORTAL_LINK#${nonce}`, sk: 'PORTAL_LINK' });
export const portalSession = (sessionHash: string) => ({ pk: `PORTAL_SESSION#${sessionHash}`, sk: 'PORTAL_SESSION' });
/** A portal form sent once (its nonce), under the partner: the same form sent again does nothing (decision F98). */
export const portalForm = (partnerId: string, nonce: string) => ({ pk: `${partner(partnerId)}#PORTAL_FORM#${nonce}`, sk: 'PORTAL_FORM' });
export const travelerSession = (sessionHash: string) => ({ pk: `SESSION#${sessionHash}`, sk: 'SESSION' });

/** A stable shard number for an id: the same id always lands in the same shard of `shards`. */
export function shardOf(id: string, shards: number = DUE_SHARDS): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % shards;
}
