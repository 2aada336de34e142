// http adapter → PUT /bookings/{booking_id}/updatePackageSpecifications: every unredeemed promo code of the booking.
import { packageSpecificationUpdateHandler } from '#shared/http/package-specification-update';

export const handler = packageSpecificationUpdateHandler({ singlePromoCode: false });
