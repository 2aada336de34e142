// http adapter → DELETE /bookings/{id}/byExternalBookingId: remove a booking by the partner's booking_id.
import * as successMessages from '#shared/api/success-messages';
import { partnerHandler } from '#shared/http/partner-handler';
import { pathParameter } from '#shared/http/request';
import { bookingStore } from '#shared/composition/repositories';
import { deleteBooking } from '#shared/usecases/find-booking';

export const handler = partnerHandler(async ({ event, partner }) => {
  await deleteBooking({ partnerId: partner.partnerId, reference: pathParameter(event, 'id') }, { bookings: bookingStore });
  return { message: successMessages.deleteBookingByExternalId, data: {} };
});
