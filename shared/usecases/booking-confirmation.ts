// use cases → the booking confirmation email of `communication_options` (channel EMAIL): an email request written
// into the outbox with the booking, sent by the email function (docs/decisions.md F40).
import type { Booking } from '#shared/domain/booking';
import { bookingConfirmationEmail } from '#shared/domain/emails';
import type { RegionCoverage } from '#shared/domain/package-specification';
import { uuidv4 } from '#shared/domain/ids';
import { emailRequest, type EmailRequest } from '#shared/events/email-request';
import type { EmailMessage } from '#shared/usecases/ports/services';

/** True when the partner asked for messages on the EMAIL channel (case-insensitive); absent object → false. */
export const wantsEmail = (booking: Pick<Booking, 'communication_options'>): boolean =>
  booking.communication_options?.should_send_message === true &&
  (booking.communication_options.channels ?? []).some((channel) => channel.toUpperCase() === 'EMAIL');

/**
 * The messages a booking's confirmation consists of: one to the booking email with every code; without a
 * booking email, one per traveler email named in a package queue entry, with that traveler's code only.
 */
export const confirmationMessages = (booking: Booking, partnerName: string, regions: readonly RegionCoverage[] = []): EmailMessage[] => {
  if (!wantsEmail(booking)) return [];
  if (booking.email) return [bookingConfirmationEmail({ to: booking.email, partnerName, booking, regions })];
  const byTraveler = new Map<string, Booking['promo_codes']>();
  for (const entry of booking.package_queues) {
    const promo = booking.promo_codes.find((p) => p.uuid === entry.promo_code_uuid);
    if (!entry.email || !promo) continue;
    const key = entry.email.toLowerCase();
    byTraveler.set(key, [...(byTraveler.get(key) ?? []), promo]);
  }
  return [...byTraveler].map(([to, promoCodes]) =>
    bookingConfirmationEmail({ to, partnerName, booking: { ...booking, promo_codes: promoCodes }, regions }),
  );
};

/**
 * The booking's confirmation as one email request (all its messages, so a booking of 25 codes stays within the
 * transaction's 100 items), or none when nothing is to be sent. Written in the booking's own transaction: the
 * booking and its confirmation are committed together, and a refused send is retried by the email queue.
 */
export const confirmationRequests = (booking: Booking, partnerName: string, at: Date, regions: readonly RegionCoverage[] = []): EmailRequest[] => {
  const messages = confirmationMessages(booking, partnerName, regions);
  return messages.length === 0
    ? []
    : [emailRequest({ partnerId: booking.partner_id, id: uuidv4(), at, about: { kind: 'booking_confirmation', booking_id: booking.id }, messages })];
};
