// storage → every key of the single table (docs/data-model.md). Keys a partner request can reach start with
// the partner id, so no request can address another partner's items.

const partner = (partnerId: string) => `PARTNER#${partnerId}`;

export const keys = {
  partnerProfile: (partnerId: string) => ({ pk: partner(partnerId), sk: 'PROFILE' }),
  partnersIndex: { gsi1pk: 'PARTNERS' },
  apiKey: (apiKey: string) => ({ pk: `APIKEY#${apiKey}`, sk: 'APIKEY' }),
  usedSignature: (apiKey: string, signature: string) => ({ pk: `SIGNATURE#${apiKey}#${signature}`, sk: 'SIGNATURE' }),

  /**
   * A partner's bookings are spread over BOOKING_SHARDS item collections by a hash of the booking id: one collection
   * would take every write of a busy partner (over 1,000 WCU/s at 1,000 bookings/s, docs/data-model.md, Hot keys).
   * The id names its shard, so reading one booking is still one GetItem; a list page merges one Query per shard.
   */
  BOOKING_SHARDS: 16,
  bookingsOf: (partnerId: string, shard: number) => `${partner(partnerId)}#BOOKINGS#${shard}`,
  bookingSortKey: (bookingId: string) => `BOOKING#${bookingId}`,
  booking: (partnerId: string, bookingId: string) => ({
    pk: keys.bookingsOf(partnerId, shardOf(bookingId, keys.BOOKING_SHARDS)),
    sk: keys.bookingSortKey(bookingId),
  }),
  bookingReference: (partnerId: string, reference: string) => ({
    pk: `${partner(partnerId)}#BOOKING_REF#${reference}`,
    sk: 'BOOKING_REF',
  }),
  promoCode: (partnerId: string, uuid: string) => ({ pk: `${partner(partnerId)}#PROMO#${uuid}`, sk: 'PROMO' }),
  promoCodeLookup: (uuid: string) => ({ gsi1pk: `PROMO#${uuid}`, gsi1sk: 'PROMO' }),
  travelerQueue: (partnerId: string, traveler: string, queueUuid: string) => ({
    pk: `${partner(partnerId)}#TRAVELER#${traveler}`,
    sk: `QUEUE#${queueUuid}`,
  }),
  /** On a queue look-up whose entry names a traveler with a booked email: finds that traveler by the email. */
  bookedEmailLookup: (partnerId: string, email: string, queueUuid: string) => ({
    gsi1pk: `${partner(partnerId)}#BOOKED_EMAIL#${email.toLowerCase()}`,
    gsi1sk: `QUEUE#${queueUuid}`,
  }),
  departureSchedule: (partnerId: string, bookingId: string, event: string) => ({
    pk: `${partner(partnerId)}#BOOKING#${bookingId}`,
    sk: `SCHEDULE#${event}`,
  }),
  /**
   * Due schedules are spread over shards so the sweeper's index partitions stay cool: every schedule is written once
   * and deleted once, two per booking. Only ever raised (the sweeper reads shards 0..n-1, so older items stay found).
   */
  dueShard: (shard: number) => `DUE#${shard}`,
  DUE_SHARDS: 16,

  event: (partnerId: string, eventId: string) => ({ pk: `${partner(partnerId)}#EVENT#${eventId}`, sk: 'EVENT' }),
  eventLookup: (eventId: string) => `EVENT#${eventId}`,
  /** An outbox email request; no gsi1 look-up, so no event replay can find it (it is never a webhook). */
  emailRequest: (partnerId: string, requestId: string) => ({ pk: `${partner(partnerId)}#EMAIL_REQUEST#${requestId}`, sk: 'EMAIL_REQUEST' }),
  delivery: (partnerId: string, deliveryId: string) => ({ pk: `${partner(partnerId)}#DELIVERY#${deliveryId}`, sk: 'DELIVERY' }),
  deliveryAttempt: (partnerId: string, deliveryId: string, attempt: number) => ({
    pk: `${partner(partnerId)}#DELIVERY#${deliveryId}`,
    sk: `ATTEMPT#${String(attempt).padStart(2, '0')}`,
  }),
  /**
   * A partner's delivery log (gsi2) is spread over DELIVERY_SHARDS index partitions by a hash of the delivery id: one
   * partition would take every attempt of a busy partner's deliveries (docs/data-model.md, Hot keys; decision F120).
   * A log page merges one Query per shard from its position, by `{created_at}#{delivery_id}`.
   */
  DELIVERY_SHARDS: 16,
  deliveriesOf: (partnerId: string, shard: number) => `${partner(partnerId)}#DELIVERIES#${shard}`,
  deliveryLogShard: (partnerId: string, deliveryId: string) => keys.deliveriesOf(partnerId, shardOf(deliveryId, keys.DELIVERY_SHARDS)),
  /** A replay or recovery in the outbox: no gsi1 look-up, so it is never mistaken for the recorded event. */
  replayRequest: (partnerId: string, requestId: string) => ({ pk: `${partner(partnerId)}#REPLAY#${requestId}`, sk: 'REPLAY' }),

  /** Traveler lifecycle (docs/data-model.md, Travelers): the aggregate, its look-ups and its due work. */
  traveler: (partnerId: string, userId: string) => ({ pk: `${partner(partnerId)}#USER#${userId}`, sk: 'TRAVELER' }),
  travelerByExternalId: (partnerId: string, externalUserId: string) => ({
    pk: `${partner(partnerId)}#EXTERNAL_USER#${externalUserId}`,
    sk: 'TRAVELER_REF',
  }),
  travelerByEmail: (partnerId: string, email: string) => ({ pk: `${partner(partnerId)}#EMAIL#${email.toLowerCase()}`, sk: 'TRAVELER_REF' }),
  promoCodeValue: (partnerId: string, code: string) => ({ pk: `${partner(partnerId)}#PROMO_CODE#${code}`, sk: 'PROMO_CODE_REF' }),
  /** Reporters name an ICCID or package id only; these look-ups find the partner and traveler. */
  esimRef: (iccid: string) => ({ pk: `ESIM#${iccid}`, sk: 'ESIM_REF' }),
  packageRef: (packageId: string) => ({ pk: `TRAVELER_PACKAGE#${packageId}`, sk: 'PACKAGE_REF' }),
  packageByQueueEntry: (partnerId: string, queueUuid: string) => ({ pk: `${partner(partnerId)}#QUEUE_PACKAGE#${queueUuid}`, sk: 'PACKAGE_REF' }),
  packageSchedule: (partnerId: string, userId: string, packageId: string) => ({
    pk: `${partner(partnerId)}#USER#${userId}`,
    sk: `SCHEDULE#${packageId}`,
  }),
  packageDueShard: (shard: number) => `DUE_PACKAGE#${shard}`,
  /** One order placed with a connectivity provider for one redemption (docs/providers.md, Order journal). */
  providerOrder: (partnerId: string, reference: string) => ({ pk: `${partner(partnerId)}#PROVIDER_ORDER#${reference}`, sk: 'PROVIDER_ORDER' }),
  providerOrderDueShard: (shard: number) => `DUE_PROVIDER_ORDER#${shard}`,
  /** Which of our orders a provider's own order reference belongs to (first claim wins). */
  providerReference: (provider: string, reference: string) => ({ pk: `PROVIDER_REFERENCE#${provider}#${reference}`, sk: 'PROVIDER_REFERENCE' }),
  fact: (reporter: string, eventId: string) => ({ pk: `FACT#${reporter}#${eventId}`, sk: 'FACT' }),
  reporterKey: (apiKey: string) => ({ pk: `REPORTERKEY#${apiKey}`, sk: 'REPORTERKEY' }),

  catalogPackage: (packageId: string) => ({ pk: `CATALOG#PACKAGE#${packageId}`, sk: 'PACKAGE' }),
  /** Global, read-only for partners: every destination in one bounded item collection (one Query lists them). */
  catalogDestinations: 'CATALOG#DESTINATIONS',
  catalogDestination: (destinationId: string) => ({ pk: 'CATALOG#DESTINATIONS', sk: `DESTINATION#${destinationId}` }),
  catalogVersion: { pk: 'CATALOG#VERSION', sk: 'VERSION' },
  /** One fixed-window counter (TTL item) per throttled subject and window. */
  throttleWindow: (scope: string, subject: string, windowStart: number) => ({
    pk: `THROTTLE#${scope}#${subject}`,
    sk: `WINDOW#${windowStart}`,
  }),
  /** One partition per Idempotency-Key: a partner's retried creates never share a partition with its other creates. */
  idempotencyPartition: (partnerId: string, idempotencyKey: string) => `${partner(partnerId)}#IDEMPOTENCY#${idempotencyKey}`,

  /** Brands live beside the partner profile: one Query on `BRAND#` lists them. */
  brand: (partnerId: string, brandId: string) => ({ pk: partner(partnerId), sk: `BRAND#${brandId}` }),
  BRAND_PREFIX: 'BRAND#',
  defaultBrand: (partnerId: string) => ({ pk: partner(partnerId), sk: 'DEFAULT_BRAND' }),
  redirectToken: (partnerId: string, nonce: string) => ({ pk: `${partner(partnerId)}#REDIRECT_TOKEN#${nonce}`, sk: 'REDIRECT_TOKEN' }),
  /** Reached only through the session cookie, never by a partner request; keyed by the hash of the cookie value. */
  /** A partner portal link (single use) and the portal session it opens (by cookie hash, like traveler sessions). */
  portalLink: (partnerId: string, nonce: string) => ({ pk: `${partner(partnerId)}#PORTAL_LINK#${nonce}`, sk: 'PORTAL_LINK' }),
  portalSession: (sessionHash: string) => ({ pk: `PORTAL_SESSION#${sessionHash}`, sk: 'PORTAL_SESSION' }),
  travelerSession: (sessionHash: string) => ({ pk: `SESSION#${sessionHash}`, sk: 'SESSION' }),
};

/** A stable shard number for an id: the same id always lands in the same shard of `shards`. */
export function shardOf(id: string, shards: number = keys.DUE_SHARDS): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % shards;
}
