// domain → the public claim request and the promo code as GET /promo-codes/{id} shows it.
import type { PromoCodeDetailResponseSchema } from '#shared/domain/traveler-response-schemas';
import type * as v from 'valibot';
import { promoCodeResponse, type Booking, type PromoCode } from '#shared/domain/booking';
import { emailAddress, plainObject } from '#shared/domain/schema-fields';

// Pure-marked: the promo-code read imports this module for its response, and validates nothing.
export const ClaimPromoCodeSchema = /* @__PURE__ */ (() =>
  plainObject({ email: emailAddress('email') }, 'The request body must be a JSON object with the email address that receives the code.'))();
export type ClaimPromoCodeInput = v.InferInput<typeof ClaimPromoCodeSchema>;

/** The code as in BookingResponse, plus the booking it belongs to and whether a traveler claimed it. */
export const promoCodeDetailResponse = (
  promo: PromoCode,
  booking: Booking,
  claimBaseUrl: string,
): v.InferOutput<typeof PromoCodeDetailResponseSchema> => ({
  ...promoCodeResponse(promo, booking, claimBaseUrl),
  booking_id: booking.id,
  external_booking_id: booking.booking_id,
  claimed_email: promo.claimed_email ?? null,
  claimed_at: promo.claimed_at ?? null,
});
