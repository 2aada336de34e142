// http adapter → the two PUT update calls share one shape: bulk over a booking, or one promo code by uuid.
import { serviceClock } from '#shared/clock';
import * as successMessages from '#shared/api/success-messages';
import { bookingResponse } from '#shared/domain/booking';
import { UpdatePackageSpecificationSchema } from '#shared/domain/package-schemas';
import { DEPRECATED_TIME_LIMITED_WARNING, usesDeprecatedType } from '#shared/domain/package-specification';
import { validate } from '#shared/domain/validate';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { pathParameter, readJsonBody } from '#shared/http/request';
import { bookingStore, catalogStore } from '#shared/composition/repositories';
import { updatePackageSpecifications } from '#shared/usecases/update-package-specifications';

export const packageSpecificationUpdateHandler = ({ singlePromoCode }: { singlePromoCode: boolean }) =>
  partnerHandler(async ({ event, headers, partner }) => {
    const reference = pathParameter(event, 'id');
    const promoCodeUuid = singlePromoCode ? pathParameter(event, 'uuid') : undefined;
    const { package_specification: specification } = validate(UpdatePackageSpecificationSchema, readJsonBody(event, headers));
    const result = await updatePackageSpecifications(
      { partnerId: partner.partnerId, reference, specification, promoCodeUuid },
      {
        bookings: bookingStore,
        catalog: catalogStore,
        clock: serviceClock,
      },
    );
    const counts =
      result.skippedCount > 0 ? { updated_count: result.updatedCount, skipped_count: result.skippedCount } : { updated_count: result.updatedCount };
    return {
      message: (singlePromoCode ? successMessages.updatePackageSpecification : successMessages.updatePackageSpecifications)(result),
      data: { ...bookingResponse(result.booking, publicBaseUrl(event), serviceClock.now()), ...counts },
      headers: usesDeprecatedType([result.specification]) ? { warning: DEPRECATED_TIME_LIMITED_WARNING } : undefined,
    };
  });
