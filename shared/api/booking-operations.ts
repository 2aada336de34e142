// api docs → the registry entries of bookings: list, create, read and delete.
import * as v from 'valibot';
import { exampleBookingRequest, exampleBookingResponse, examplePagination } from '#shared/api/examples';
import { bookingId, bookingReference } from '#shared/api/operation-helpers';
import { EmptyDataSchema, envelope, type JsonOperation, type OperationDoc, type Parameter } from '#shared/api/operation-types';
import { BookingResponseSchema, PaginationMetaSchema } from '#shared/domain/booking-response-schemas';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { MAX_PER_PAGE } from '#shared/domain/list-bookings-query';
import * as successMessages from '#shared/api/success-messages';
import { headerRefs } from '#shared/api/response-headers';
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/http/request';
import type { OperationName } from '#shared/routes';

const idempotencyKey: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  description:
    'Optional, sent once: 1 to 255 visible ASCII characters. Repeating a request with the same key within 24 hours returns ' +
    'the first answer instead of creating again.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
  example: '6f1c1d6e-2f43-4d2a-9a5e-8f7b1c2d3e4f',
};

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
    example: { success: true, message: successMessages.deleteBooking, data: {} },
  },
  errors: ['booking_not_found', 'concurrent_modification'],
});

export const bookingOperations = {
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
      example: { success: true, message: successMessages.listBookings, data: [exampleBookingResponse], pagination: examplePagination },
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
      example: { success: true, message: successMessages.createBooking, data: [exampleBookingResponse] },
      headers: headerRefs('Warning'),
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
      example: { success: true, message: successMessages.getBooking, data: exampleBookingResponse },
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
} satisfies Partial<Record<OperationName, OperationDoc>>;
