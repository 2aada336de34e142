// http adapter → GET /promo-codes/{id}: one of the partner's promo codes by uuid; others' codes are unknown (404).
import * as successMessages from '#shared/api/success-messages';
import { promoCodeDetailResponse } from '#shared/domain/promo-code-schemas';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { pathParameter } from '#shared/http/request';
import { bookingLookups } from '#shared/composition/repositories';
import { findPromoCode } from '#shared/usecases/promo-codes';

export const handler = partnerHandler(async ({ event, partner }) => {
  const { booking, promo } = await findPromoCode({ partnerId: partner.partnerId, uuid: pathParameter(event, 'id') }, { bookings: bookingLookups });
  return { message: successMessages.getPromoCode, data: promoCodeDetailResponse(promo, booking, publicBaseUrl(event)) };
});
