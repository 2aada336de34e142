// test support → BookingStore in memory, with the DynamoDB adapter's semantics: one all-or-nothing write per call,
// version-checked replace and delete, `booking_id_taken` and `signature_reused` refusals, the same look-ups
// (kept or dropped as the adapter keeps them) and the same newest-first paging by booking id.
import { signatureReused } from '#shared/errors';
import { bookedEmailOf, type Booking, type PackageQueueEntry } from '#shared/domain/booking';
import { departureEventNames } from '#shared/domain/departure-events';
import type { DomainEvent } from '#shared/events/catalog';
import type { EmailRequest } from '#shared/events/email-request';
import { ConflictError } from '#shared/errors';
import type { BookingPages, BookingStore } from '#shared/usecases/ports/bookings';
import { memoryKeys } from '#test/support/in-memory/keys';
import { absent, atVersion, TransactionCanceled, type Item, type MemoryTable, type Write } from '#test/support/in-memory/table';

export const travelerKeyOf = (entry: PackageQueueEntry): string | null =>
  entry.external_user_id ?? (entry.email ? `email:${entry.email.toLowerCase()}` : null);

const concurrentChange = () => new ConflictError('concurrent_modification', 'The booking was changed by another request. Read it again and retry.');

/** A booking replaced by anyone (this store or a lifecycle commit): only over the version it was read at. */
export const bookingReplaceWrite = (booking: Booking): Write => ({
  key: memoryKeys.booking(booking.partner_id, booking.id),
  put: booking as unknown as Item,
  condition: atVersion(booking.version - 1),
});

export const eventWrite = (event: DomainEvent): Write => ({
  key: memoryKeys.event(event.partner_id, event.event_id),
  put: event as unknown as Item,
  condition: absent,
});

const emailWrite = (request: EmailRequest): Write => ({
  key: memoryKeys.emailRequest(request.partner_id, request.event_id),
  put: request as unknown as Item,
  condition: absent,
});

const lookupWrites = (booking: Booking): Write[] => [
  ...booking.promo_codes.map((promo) => ({ key: memoryKeys.promoCode(booking.partner_id, promo.uuid), put: { booking: booking.id } })),
  ...booking.promo_codes.map((promo) => ({
    key: memoryKeys.promoCodeValue(booking.partner_id, promo.code),
    put: { promo_code_uuid: promo.uuid },
  })),
  ...booking.package_queues.flatMap((entry) => {
    const traveler = travelerKeyOf(entry);
    if (!traveler) return [];
    const bookedEmail = bookedEmailOf(booking, entry);
    return [
      {
        key: memoryKeys.travelerQueue(booking.partner_id, traveler, entry.uuid),
        put: { booking: booking.id, queue_uuid: entry.uuid, booked_email: bookedEmail, external_user_id: entry.external_user_id },
      },
    ];
  }),
];

/** Newest first by booking id (ids are time-ordered), as the adapter's sort key orders them. */
const page = (all: Booking[], limit: number, from?: { id: string; direction: 'older' | 'newer'; inclusive: boolean }) => {
  const inRange = (id: string) => {
    if (!from) return true;
    if (id === from.id) return from.inclusive;
    return from.direction === 'older' ? id < from.id : id > from.id;
  };
  const newerFirst = from?.direction !== 'newer';
  const ordered = all.filter((b) => inRange(b.id)).sort((a, b) => (newerFirst ? b.id.localeCompare(a.id) : a.id.localeCompare(b.id)));
  const taken = ordered.slice(0, limit);
  return { bookings: newerFirst ? taken : taken.reverse(), more: ordered.length > limit };
};

export const memoryBookingStore = (table: MemoryTable): BookingStore & BookingPages => {
  const read = (partnerId: string, bookingId: string) => table.get(memoryKeys.booking(partnerId, bookingId)) as Booking | undefined;
  const viaRef = (partnerId: string, refKey: string) => {
    const ref = table.get(refKey);
    return ref ? read(partnerId, String(ref.booking)) : undefined;
  };
  const refusing = async (writes: Write[], refusal: (failed: number[]) => Error | undefined) => {
    try {
      await table.transact(writes);
    } catch (error) {
      throw (error instanceof TransactionCanceled && refusal(error.failed)) || error;
    }
  };

  return {
    async create({ booking, events, schedules, usedSignature, emails = [] }) {
      const claim: Write[] = usedSignature
        ? [{ key: memoryKeys.usedSignature(usedSignature.apiKey, usedSignature.signature), put: {}, condition: absent }]
        : [];
      const reference: Write[] = booking.booking_id
        ? [{ key: memoryKeys.bookingReference(booking.partner_id, booking.booking_id), put: { booking: booking.id }, condition: absent }]
        : [];
      const writes: Write[] = [
        ...claim,
        ...reference,
        { key: memoryKeys.booking(booking.partner_id, booking.id), put: booking as unknown as Item, condition: absent },
        ...lookupWrites(booking),
        ...events.map(eventWrite),
        ...schedules.map((planned) => ({
          key: memoryKeys.departureSchedule(booking.partner_id, booking.id, planned.event),
          put: { partner_id: booking.partner_id, booking_id: booking.id, event: planned.event, due_at: planned.dueAt.toISOString() },
        })),
        ...emails.map(emailWrite),
      ];
      await refusing(writes, (failed) => {
        if (claim.length > 0 && failed[0] === 0) return signatureReused();
        if (reference.length > 0 && failed[0] === claim.length) {
          const existing = table.get(reference[0]?.key as string)?.booking;
          return new ConflictError(
            'booking_id_taken',
            `A booking with booking_id "${booking.booking_id}" already exists. Use a new booking_id, or read or delete the existing booking.`,
            [{ path: 'booking_id', message: `Already used by booking ${String(existing)}.` }],
          );
        }
        return undefined;
      });
    },

    get: async (partnerId, bookingId) => read(partnerId, bookingId),
    findByReference: async (partnerId, reference) => viaRef(partnerId, memoryKeys.bookingReference(partnerId, reference)),
    findByPromoCode: async (partnerId, uuid) => viaRef(partnerId, memoryKeys.promoCode(partnerId, uuid)),

    async listPage(partnerId, { limit, from }) {
      return page(table.query(memoryKeys.prefix('booking', partnerId)) as unknown as Booking[], limit, from);
    },

    async replace(booking, events = [], emails = []) {
      await refusing([bookingReplaceWrite(booking), ...events.map(eventWrite), ...emails.map(emailWrite)], (failed) =>
        failed[0] === 0 ? concurrentChange() : undefined,
      );
    },

    async delete(booking) {
      const removed = [
        ...(booking.booking_id ? [memoryKeys.bookingReference(booking.partner_id, booking.booking_id)] : []),
        // Redeemed codes keep their look-up: the traveler's package lives on after the booking is gone.
        ...booking.promo_codes
          .filter((p) => p.status === 'unredeemed')
          .flatMap((p) => [memoryKeys.promoCode(booking.partner_id, p.uuid), memoryKeys.promoCodeValue(booking.partner_id, p.code)]),
        ...booking.package_queues.flatMap((entry) => {
          const traveler = travelerKeyOf(entry);
          return traveler && entry.status === 'pending' ? [memoryKeys.travelerQueue(booking.partner_id, traveler, entry.uuid)] : [];
        }),
        ...departureEventNames.map((event) => memoryKeys.departureSchedule(booking.partner_id, booking.id, event)),
      ];
      const writes: Write[] = [
        { key: memoryKeys.booking(booking.partner_id, booking.id), remove: true, condition: atVersion(booking.version) },
        ...removed.map((key): Write => ({ key, remove: true })),
      ];
      await refusing(writes, (failed) => (failed[0] === 0 ? concurrentChange() : undefined));
    },
  };
};
