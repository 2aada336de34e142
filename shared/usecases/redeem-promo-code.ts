// use case → a traveler redeems a promo code; its package queue entry is consumed with it.
import type { Booking } from '#shared/domain/booking';
import { eventIdOf } from '#shared/events/catalog';
import { domainEvent } from '#shared/events/event-schemas';
import { BadRequestError, NotFoundError } from '#shared/errors';
import type { BookingStore, Clock } from '#shared/usecases/ports';

/**
 * Input: partner, promo code uuid and who redeems it. Output: the booking after the change.
 * Steps: find the booking through the code's look-up item, mark the code (and its queue entry) redeemed,
 * save with a version check together with the event.
 * Emits: promo_code.redeemed.
 */
export const redeemPromoCode = async (
  input: { partnerId: string; promoCodeUuid: string; redeemedBy: string },
  deps: { bookings: BookingStore; clock: Clock },
): Promise<Booking> => {
  const booking = await deps.bookings.findByPromoCode(input.partnerId, input.promoCodeUuid);
  const promo = booking?.promo_codes.find((p) => p.uuid === input.promoCodeUuid);
  if (!booking || !promo) throw new NotFoundError(`No promo code "${input.promoCodeUuid}".`, 'promo_code_not_found');
  if (promo.status === 'redeemed') throw new BadRequestError('promo_code_redeemed', 'This promo code is already redeemed.');
  const now = deps.clock.now().toISOString();
  const updated: Booking = {
    ...booking,
    promo_codes: booking.promo_codes.map((p) =>
      p.uuid === promo.uuid ? { ...p, status: 'redeemed', redeemed_at: now, redeemed_by: input.redeemedBy, updated_at: now } : p,
    ),
    package_queues: booking.package_queues.map((q) =>
      q.uuid === promo.package_queue_uuid ? { ...q, status: 'redeemed' } : q,
    ),
    updated_at: now,
    version: booking.version + 1,
  };
  await deps.bookings.replace(updated, [
    domainEvent({
      partner_id: booking.partner_id,
      event: 'promo_code.redeemed',
      event_id: eventIdOf('promo_code.redeemed', promo.uuid),
      timestamp: now,
      data: { promocode: promo.code, booking_id: booking.id, redeemed_at: now, redeemed_by: input.redeemedBy },
    }),
  ]);
  return updated;
};
