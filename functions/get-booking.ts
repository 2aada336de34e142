// http adapter → GET /bookings/{id}: one booking of the partner by the service's booking id.
import * as successMessages from '#shared/api/success-messages';
import { bookingResponse } from '#shared/domain/booking';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { pathParameter } from '#shared/http/request';
import { bookingLookups } from '#shared/composition/repositories';
import { findBooking } from '#shared/usecases/find-booking';
import { serviceClock } from '#shared/clock';

export const handler = partnerHandler(async ({ event, partner }) => {
  const booking = await findBooking({ partnerId: partner.partnerId, id: pathParameter(event, 'id') }, { bookings: bookingLookups });
  return { message: successMessages.getBooking, data: bookingResponse(booking, publicBaseUrl(event), serviceClock.now()) };
});
