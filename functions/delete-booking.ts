// http adapter → DELETE /bookings/{id}: remove a booking by the service's booking id.
import * as successMessages from '#shared/api/success-messages';
import { partnerHandler } from '#shared/http/partner-handler';
import { pathParameter } from '#shared/http/request';
import { bookingStore } from '#shared/composition/repositories';
import { deleteBooking } from '#shared/usecases/find-booking';

export const handler = partnerHandler(async ({ event, partner }) => {
  await deleteBooking({ partnerId: partner.partnerId, id: pathParameter(event, 'id') }, { bookings: bookingStore });
  return { message: successMessages.deleteBooking, data: {} };
});
