// use cases → the booking confirmation email of `communication_options` (channel EMAIL), after the booking is stored.
import type { Booking } from '#shared/domain/booking';
import { bookingConfirmationEmail } from '#shared/domain/emails';
import { logger } from '#shared/observability';
import { createBooking, type CreateBookingDeps } from '#shared/usecases/create-booking';
import type { PartnerDirectory } from '#shared/usecases/ports/partners';
import type { EmailMessage, EmailSender } from '#shared/usecases/ports/services';

/** True when the partner asked for messages on the EMAIL channel (case-insensitive); absent object → false. */
export const wantsEmail = (booking: Pick<Booking, 'communication_options'>): boolean =>
  booking.communication_options?.should_send_message === true &&
  (booking.communication_options.channels ?? []).some((channel) => channel.toUpperCase() === 'EMAIL');

/**
 * The messages a booking's confirmation consists of: one to the booking email with every code; without a
 * booking email, one per traveler email named in a package queue entry, with that traveler's code only.
 */
export const confirmationMessages = (booking: Booking, partnerName: string): EmailMessage[] => {
  if (!wantsEmail(booking)) return [];
  if (booking.email) return [bookingConfirmationEmail({ to: booking.email, partnerName, booking })];
  const byTraveler = new Map<string, Booking['promo_codes']>();
  for (const entry of booking.package_queues) {
    const promo = booking.promo_codes.find((p) => p.uuid === entry.promo_code_uuid);
    if (!entry.email || !promo) continue;
    const key = entry.email.toLowerCase();
    byTraveler.set(key, [...(byTraveler.get(key) ?? []), promo]);
  }
  return [...byTraveler].map(([to, promoCodes]) =>
    bookingConfirmationEmail({ to, partnerName, booking: { ...booking, promo_codes: promoCodes } }),
  );
};

/**
 * Sends the confirmation. The booking is already committed, so a failed send never loses it: the failure is
 * logged and the partner still gets 201 (docs/decisions.md F40).
 */
export const sendBookingConfirmation = async (booking: Booking, deps: { partners: PartnerDirectory; email: EmailSender }): Promise<number> => {
  if (!wantsEmail(booking)) return 0;
  const partner = await deps.partners.getProfile(booking.partner_id);
  const messages = confirmationMessages(booking, partner?.name ?? 'your travel partner');
  const results = await Promise.allSettled(messages.map((message) => deps.email.send(message)));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    logger.error('Booking confirmation email not sent', { booking: booking.id, failed: failed.length, error: (failed[0] as PromiseRejectedResult).reason });
  }
  return results.length - failed.length;
};

/**
 * Input/output as createBooking. Creates the booking, then sends its confirmation when communication_options
 * asks for EMAIL. Run inside the Idempotency-Key wrapper, so a replay returns the stored answer and sends nothing.
 */
export const createBookingAndConfirm = async (
  input: Parameters<typeof createBooking>[0],
  deps: CreateBookingDeps & { email: () => Promise<EmailSender> },
): Promise<Booking> => {
  const booking = await createBooking(input, deps);
  if (wantsEmail(booking)) await sendBookingConfirmation(booking, { partners: deps.partners, email: await deps.email() });
  return booking;
};
