// use case → read one booking of the partner, by the service id or by the partner's booking_id.
import type { Booking } from '#shared/domain/booking';
import { NotFoundError } from '#shared/errors';
import { MAX_BOOKING_REFERENCE_LENGTH } from '#shared/domain/booking-limits';
import { canonicalUuid, isUuid } from '#shared/domain/uuid';
import type { BookingLookups, BookingStore } from '#shared/usecases/ports/bookings';
import { withRetry } from '#shared/usecases/retry';

export type BookingAddress = { partnerId: string } & ({ id: string } | { reference: string });

/** Booking ids are UUIDs and booking_id values at most 255 characters (code points, as the schema counts); other values cannot exist. */
const couldExist = (address: BookingAddress): boolean =>
  'id' in address ? isUuid(address.id) : [...address.reference].length <= MAX_BOOKING_REFERENCE_LENGTH;

/** The start of a value for a message, cut between characters (never inside a surrogate pair). */
const quoted = (value: string): string => Array.from(value).slice(0, 64).join('');

/** Another partner's booking answers exactly like a missing one: 404, no hint that it exists. */
export const findBooking = async (address: BookingAddress, deps: { bookings: Pick<BookingLookups, 'get' | 'findByReference'> }): Promise<Booking> => {
  const booking = !couldExist(address)
    ? undefined
    : 'id' in address
      ? await deps.bookings.get(address.partnerId, canonicalUuid(address.id))
      : await deps.bookings.findByReference(address.partnerId, address.reference);
  if (!booking) {
    throw new NotFoundError(
      'id' in address ? `No booking with id "${quoted(address.id)}".` : `No booking with booking_id "${quoted(address.reference)}".`,
      'booking_not_found',
    );
  }
  return booking;
};

/**
 * Input: the booking address. Output: nothing. Removes the booking and revokes its unredeemed promo codes
 * and pending package queue entries; redeemed codes stay valid for the traveler who holds them. A change made
 * meanwhile (a redemption, an update) is read again before deleting; a booking deleted meanwhile is 404.
 */
export const deleteBooking = (
  address: BookingAddress,
  deps: { bookings: Pick<BookingLookups, 'get' | 'findByReference'> & Pick<BookingStore, 'delete'> },
): Promise<void> =>
  withRetry(async () => {
    const booking = await findBooking(address, deps);
    await deps.bookings.delete(booking);
  });
