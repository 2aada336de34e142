// http adapter → PUT /bookings/{booking_id}/updatePackageSpecification/{uuid}: one promo code; redeemed → 400.
import { packageSpecificationUpdateHandler } from '#shared/http/package-specification-update';

export const handler = packageSpecificationUpdateHandler({ singlePromoCode: true });
