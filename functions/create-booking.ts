// http adapter → POST /bookings: validate, create the booking once per Idempotency-Key (with its confirmation email
// request when communication_options asks for EMAIL), answer 201 with an array.
import * as successMessages from '#shared/api/success-messages';
import { bookingResponse } from '#shared/domain/booking';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { DEPRECATED_TIME_LIMITED_WARNING, unboundedExpiries, unboundedExpiryWarning, usesDeprecatedType } from '#shared/domain/package-specification';
import { validate } from '#shared/domain/validate';
import { countBookingCreated } from '#shared/observability';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { readIdempotencyKey, readJsonBody } from '#shared/http/request';
import { repositories } from '#shared/composition/repositories';
import { idempotency } from '#shared/composition/idempotency';
import { createBooking } from '#shared/usecases/create-booking';
import { serviceClock } from '#shared/clock';

export const handler = partnerHandler(
  async ({ event, headers, partner, context, signatureClaim }) => {
    const body = readJsonBody(event, headers);
    const request = validate(BookingRequestSchema, body);
    const idempotencyKey = readIdempotencyKey(event, headers);
    // The signature's single-use record goes into the booking's own transaction (one round trip). An Idempotency-Key
    // writes its own record first, so that path claims the signature before it, as every other write does.
    if (idempotencyKey !== undefined) await signatureClaim?.now();
    const usedSignature = idempotencyKey === undefined ? await signatureClaim?.intoWrite() : undefined;
    const data = await idempotency.run({ partnerId: partner.partnerId, idempotencyKey, body, deadline: context }, async () => {
      const booking = await createBooking({ partnerId: partner.partnerId, request, usedSignature }, repositories);
      countBookingCreated();
      return [bookingResponse(booking, publicBaseUrl(event), serviceClock.now())];
    });
    const deprecated = usesDeprecatedType(data.flatMap((b) => b.promo_codes.map((p) => p.package_specification)));
    const unbounded = unboundedExpiries(request.package_specifications, data[0]?.promo_codes ?? []);
    const warnings = [...(deprecated ? [DEPRECATED_TIME_LIMITED_WARNING] : []), ...(unbounded.length > 0 ? [unboundedExpiryWarning(unbounded)] : [])];
    return {
      status: 201,
      message: successMessages.createBooking,
      data,
      headers: warnings.length > 0 ? { warning: warnings.join(', ') } : undefined,
    };
  },
  { claimInWrite: true },
);
