// test support → the in-memory table's keys: one per fact the DynamoDB adapters store, unique where theirs are.
// A separator no identifier contains keeps one key from being the prefix of another's.
const SEP = '\u0001';
const key = (...parts: string[]) => parts.join(SEP);

export const memoryKeys = {
  /** Everything under one partition: `query(prefix(...))` reads it in key order. */
  prefix: (...parts: string[]) => key(...parts) + SEP,
  booking: (partnerId: string, bookingId: string) => key('booking', partnerId, bookingId),
  bookingReference: (partnerId: string, reference: string) => key('booking-ref', partnerId, reference),
  promoCode: (partnerId: string, uuid: string) => key('promo', partnerId, uuid),
  promoCodeValue: (partnerId: string, code: string) => key('promo-value', partnerId, code),
  travelerQueue: (partnerId: string, traveler: string, queueUuid: string) => key('queue', partnerId, traveler, queueUuid),
  departureSchedule: (partnerId: string, bookingId: string, event: string) => key('departure', partnerId, bookingId, event),
  event: (partnerId: string, eventId: string) => key('event', partnerId, eventId),
  emailRequest: (partnerId: string, requestId: string) => key('email', partnerId, requestId),
  usedSignature: (apiKey: string, signature: string) => key('signature', apiKey, signature),
  traveler: (partnerId: string, userId: string) => key('traveler', partnerId, userId),
  travelerByExternalId: (partnerId: string, externalUserId: string) => key('traveler-external', partnerId, externalUserId),
  travelerByEmail: (partnerId: string, email: string) => key('traveler-email', partnerId, email.toLowerCase()),
  esimRef: (iccid: string) => key('esim', iccid),
  packageRef: (packageId: string) => key('package', packageId),
  packageByQueueEntry: (partnerId: string, queueUuid: string) => key('queue-package', partnerId, queueUuid),
  packageByPayment: (partnerId: string, paymentId: string) => key('payment-package', partnerId, paymentId),
  packageSchedule: (partnerId: string, userId: string, packageId: string) => key('package-schedule', partnerId, userId, packageId),
  fact: (reporter: string, eventId: string) => key('fact', reporter, eventId),
};
