// api docs → the registry entries of promo codes: changing their package, reading one, and a traveler claiming one by email.
import { headerRefs } from '#shared/api/response-headers';
import { exampleBookingResponse, exampleUpdatedBookingResponse, exampleUpdateRequest, exampleUuid } from '#shared/api/examples';
import { bookingIdPath, jsonOperation, pathId } from '#shared/api/operation-helpers';
import { envelope, type JsonOperation, type Parameter } from '#shared/api/operation-types';
import { UpdatePackageSpecForPromoCodesResponseSchema } from '#shared/domain/booking-response-schemas';
import { UpdatePackageSpecificationSchema } from '#shared/domain/package-schemas';
import type { ErrorCode } from '#shared/errors';
import { ClaimPromoCodeSchema } from '#shared/domain/promo-code-schemas';
import { PromoCodeClaimResponseSchema, PromoCodeDetailResponseSchema } from '#shared/domain/traveler-response-schemas';
import * as successMessages from '#shared/api/success-messages';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

/** What the body of both update calls needs (spec, PackageSpecification): said on the operations, detailed on the schema. */
const specificationRules =
  ' `package_specification` needs package_id or package_type (or both). package_id alone copies the catalog package; with ' +
  'package_type the body is used: `data-limited` needs size (package_duration defaults to 365), `starter` and `time-limited` ' +
  '(deprecated) need size and package_duration, `unlimited` needs package_duration and traffic_policy.';

const update = (summary: string, description: string, parameters: Parameter[], errors: ErrorCode[]): JsonOperation => ({
  kind: 'json',
  summary,
  description: `${description}${specificationRules}`,
  tag: 'Promo codes',
  parameters,
  request: { schema: UpdatePackageSpecificationSchema, example: exampleUpdateRequest },
  response: {
    status: 200,
    description: 'The booking after the change, with the counts.',
    schema: envelope(UpdatePackageSpecForPromoCodesResponseSchema),
    headers: headerRefs('Warning'),
    example: {
      success: true,
      message: successMessages.updatePackageSpecification({ updatedCount: 1, skippedCount: 0 }),
      data: { ...exampleUpdatedBookingResponse, updated_count: 1 },
    },
  },
  errors: ['booking_not_found', 'unknown_package', 'concurrent_modification', ...errors],
});

export const promoCodeOperations = {
  updatePackageSpecifications: update(
    'Update the package of every promo code',
    'Replaces the package specification of every unredeemed promo code of the booking; redeemed ones are skipped and counted in `skipped_count`.',
    [bookingIdPath],
    [],
  ),
  updatePackageSpecification: update(
    'Update the package of one promo code',
    'Replaces the package specification of the promo code with this uuid. A redeemed code answers 400 promo_code_redeemed.',
    [
      bookingIdPath,
      { name: 'uuid', in: 'path', required: true, description: '`uuid` of the promo code.', schema: { type: 'string', maxLength: 255 } },
    ],
    ['promo_code_not_found', 'promo_code_redeemed'],
  ),
  getPromoCode: jsonOperation({
    summary: 'Get a promo code',
    description: 'One promo code as in BookingResponse, with its booking and whether a traveler claimed it.',
    tag: 'Promo codes',
    parameters: [pathId('id', '`uuid` of the promo code.', exampleUuid)],
    answer: 'The promo code.',
    message: successMessages.getPromoCode,
    data: PromoCodeDetailResponseSchema,
    example: {
      ...exampleBookingResponse.promo_codes[0],
      booking_id: exampleBookingResponse.id,
      external_booking_id: exampleBookingResponse.booking_id,
      claimed_email: null,
      claimed_at: null,
    },
    errors: ['promo_code_not_found'],
  }),
  claimPromoCode: jsonOperation({
    summary: 'Claim a promo code by email (traveler)',
    description: 'Public: the traveler holding a claim URL has the code sent to an email address. Throttled per code and per address.',
    tag: 'Promo codes',
    parameters: [pathId('uuid', '`uuid` of the promo code (from `claim_url`).', exampleUuid)],
    request: { schema: ClaimPromoCodeSchema, example: { email: 'ada@example.com' } },
    answer: 'Sent.',
    message: successMessages.claimPromoCode('ada@example.com'),
    data: PromoCodeClaimResponseSchema,
    example: { uuid: exampleUuid, email: 'ada@example.com', claimed_at: '2026-12-01T09:00:00.000Z' },
    errors: ['promo_code_not_found', 'promo_code_already_claimed', 'promo_code_already_redeemed'],
  }),
} satisfies Partial<Record<OperationName, OperationDoc>>;
