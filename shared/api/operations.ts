// api docs → what the OpenAPI document says about each operation of shared/routes.ts, keyed by operation name.
// Adding a route: add an entry here (summary, schemas, an example, the error codes it can answer) and run
// `npm run openapi`. A test fails while a route has no entry or an entry no route.
import * as v from 'valibot';
import { exampleBookingRequest, exampleBookingResponse, examplePagination, exampleUpdateRequest } from '#shared/api/examples';
import { BookingResponseSchema, PaginationMetaSchema, UpdatePackageSpecForPromoCodesResponseSchema } from '#shared/domain/booking-response-schemas';
import { BookingRequestSchema, MAX_PER_PAGE, UpdatePackageSpecificationSchema } from '#shared/domain/booking-schemas';
import type { ErrorCode } from '#shared/errors';
import { EmptyDataSchema, envelope, type JsonOperation, type OperationDoc, type Parameter } from '#shared/api/operation-types';
import { travelerOperations } from '#shared/api/traveler-operations';
import { webhookOperations } from '#shared/api/webhook-operations';

export * from '#shared/api/operation-types';

const bookingId: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The service's booking id (`id` of BookingResponse).",
  schema: { type: 'string', maxLength: 255 },
  example: exampleBookingResponse.id,
};
const bookingReference: Parameter = {
  ...bookingId,
  description: "Your booking reference (`booking_id` of the booking); the spec's `{booking_id}`.",
  example: exampleBookingResponse.booking_id,
};
const idempotencyKey: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  description: 'Optional. Repeating a request with the same key within 24 hours returns the first answer instead of creating again.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  example: '6f1c1d6e-2f43-4d2a-9a5e-8f7b1c2d3e4f',
};

const update = (summary: string, description: string, parameters: Parameter[], errors: ErrorCode[]): JsonOperation => ({
  kind: 'json',
  summary,
  description,
  tag: 'Promo codes',
  parameters,
  request: { schema: UpdatePackageSpecificationSchema, example: exampleUpdateRequest },
  response: {
    status: 200,
    description: 'The booking after the change, with the counts.',
    schema: envelope(UpdatePackageSpecForPromoCodesResponseSchema),
    example: {
      success: true,
      message: 'Successfully updated package specification for booking.',
      data: { ...exampleBookingResponse, updated_count: 1 },
    },
  },
  errors: ['booking_not_found', 'unknown_package', 'concurrent_modification', ...errors],
});

const deleted = (summary: string, description: string, address: Parameter): JsonOperation => ({
  kind: 'json',
  summary,
  description,
  tag: 'Bookings',
  parameters: [address],
  response: {
    status: 200,
    description: 'Deleted.',
    schema: envelope(EmptyDataSchema),
    example: { success: true, message: 'Booking deleted successfully.', data: {} },
  },
  errors: ['booking_not_found', 'concurrent_modification'],
});

const removed = (path: string): JsonOperation => ({
  kind: 'json',
  summary: `${path} (removed in 2.1.0)`,
  description: 'Removed in 2.1.0: always answers 410 Gone. Use GET /destinations and GET /destinations/{id}.',
  tag: 'Removed',
  errors: ['endpoint_removed'],
  deprecated: true,
});

export const operations: Record<string, OperationDoc> = {
  listBookings: {
    kind: 'json',
    summary: 'List bookings',
    description: 'One page of your bookings, newest first. Follow `pagination.nextCursor` and `prevCursor`; never cached.',
    tag: 'Bookings',
    parameters: [
      {
        name: 'perPage',
        in: 'query',
        description: 'Bookings per page.',
        schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 10 },
      },
      {
        name: 'cursor',
        in: 'query',
        description: '`nextCursor` or `prevCursor` of an earlier page, exactly as returned.',
        schema: { type: 'string', maxLength: 1024 },
      },
    ],
    response: {
      status: 200,
      description: 'A page of bookings.',
      schema: envelope(v.array(BookingResponseSchema), { pagination: PaginationMetaSchema }),
      example: { success: true, message: 'Bookings retrieved successfully.', data: [exampleBookingResponse], pagination: examplePagination },
    },
    errors: ['validation_error'],
  },
  createBooking: {
    kind: 'json',
    summary: 'Create a booking',
    description:
      'Creates a booking with one promo code per package specification entry (and a package queue entry for each entry that names a traveler). ' +
      'Either `email` or `booking_id` is required; `departure_date` may be left out only when an entry has `esim_type` classic. Answers an array with the one booking.',
    tag: 'Bookings',
    parameters: [idempotencyKey],
    request: { schema: BookingRequestSchema, example: exampleBookingRequest },
    response: {
      status: 201,
      description: 'The booking created.',
      schema: envelope(v.array(BookingResponseSchema)),
      example: { success: true, message: 'Booking created successfully.', data: [exampleBookingResponse] },
    },
    errors: [
      'invalid_idempotency_key',
      'unknown_custom_branding',
      'unknown_package',
      'traveler_required',
      'booking_id_taken',
      'idempotency_key_reused',
      'idempotency_in_progress',
    ],
  },
  getBooking: {
    kind: 'json',
    summary: 'Get a booking',
    description: "One booking by the service's id. Another partner's booking answers 404 like an unknown one.",
    tag: 'Bookings',
    parameters: [bookingId],
    response: {
      status: 200,
      description: 'The booking.',
      schema: envelope(BookingResponseSchema),
      example: { success: true, message: 'Booking retrieved successfully.', data: exampleBookingResponse },
    },
    errors: ['booking_not_found'],
  },
  deleteBooking: deleted(
    'Delete a booking',
    'Deletes the booking and revokes its unredeemed promo codes; redeemed codes stay valid for their traveler.',
    bookingId,
  ),
  deleteBookingByExternalId: deleted(
    'Delete a booking by your booking_id',
    'Same as DELETE /bookings/{id}, addressed by your own `booking_id`.',
    bookingReference,
  ),
  updatePackageSpecifications: update(
    'Update the package of every promo code',
    'Replaces the package specification of every unredeemed promo code of the booking; redeemed ones are skipped and counted in `skipped_count`.',
    [bookingReference],
    [],
  ),
  updatePackageSpecification: update(
    'Update the package of one promo code',
    'Replaces the package specification of the promo code with this uuid. A redeemed code answers 400 promo_code_redeemed.',
    [
      bookingReference,
      { name: 'uuid', in: 'path', required: true, description: '`uuid` of the promo code.', schema: { type: 'string', maxLength: 255 } },
    ],
    ['promo_code_not_found', 'promo_code_redeemed'],
  ),
  countriesRemoved: removed('GET /countries'),
  countriesPackagesRemoved: removed('GET /countries/packages'),
  countryPackagesRemoved: {
    ...removed('GET /countries/{country}/packages'),
    parameters: [{ name: 'country', in: 'path', required: true, description: 'Country code.', schema: { type: 'string' } }],
  },
  ...travelerOperations,
  ...webhookOperations,
};
