// http adapter → GET /bookings: one page of the partner's bookings, newest first, never cached.
import * as successMessages from '#shared/api/success-messages';
import { bookingResponse } from '#shared/domain/booking';
import { ListBookingsQuerySchema } from '#shared/domain/list-bookings-query';
import { validate } from '#shared/domain/validate';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { queryParameters } from '#shared/http/request';
import { bookingPages } from '#shared/composition/repositories';
import { listBookings } from '#shared/usecases/list-bookings';
import { serviceClock } from '#shared/clock';

export const handler = partnerHandler(async ({ event, partner }) => {
  const query = validate(ListBookingsQuerySchema, queryParameters(event));
  const { bookings, pagination } = await listBookings(
    { partnerId: partner.partnerId, perPage: query.perPage, cursor: query.cursor || undefined, cursorKey: partner.cursorKey },
    { bookings: bookingPages },
  );
  const baseUrl = publicBaseUrl(event);
  const now = serviceClock.now();
  return {
    message: successMessages.listBookings,
    data: bookings.map((booking) => bookingResponse(booking, baseUrl, now)),
    extra: { pagination },
  };
});
