// api docs → what the registry entries of the traveler-facing operations share: the JSON and page entry builders,
// their common parameters and the error codes several operations can answer.
import type * as v from 'valibot';
import { envelope, type JsonOperation, type PageOperation, type Parameter } from '#shared/api/operation-types';
import { exampleBookingResponse } from '#shared/api/examples';
import type { ErrorCode } from '#shared/errors';

/** A JSON operation whose success answer is the envelope around `data`, with its message and example. */
export const jsonOperation = (
  doc: Omit<JsonOperation, 'kind' | 'response'> & {
    status?: number;
    message: string;
    data: v.GenericSchema;
    example: unknown;
    answer: string;
    /** Headers of the success answer beyond the no-store ones every JSON answer has. */
    headers?: Record<string, Record<string, unknown>>;
  },
): JsonOperation => {
  const { status = 200, message, data, example, answer, headers, ...rest } = doc;
  return {
    kind: 'json',
    ...rest,
    response: { status, description: answer, schema: envelope(data), example: { success: true, message, data: example }, headers },
  };
};

export const externalUserQuery: Parameter = {
  name: 'external_user_id',
  in: 'query',
  required: true,
  description: 'Your id of the traveler.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  example: 'user-4711',
};
export const pathId = (name: string, description: string, example: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 255 },
  example,
});
export const localeQuery: Parameter = {
  name: 'locale',
  in: 'query',
  description: 'Language of destination names (en, de, fr); wins over Accept-Language.',
  schema: { type: 'string', maxLength: 35 },
  example: 'fr',
};
export const acceptLanguage: Parameter = {
  name: 'Accept-Language',
  in: 'header',
  description: 'Language of destination names (en, de, fr); English when absent or unsupported.',
  schema: { type: 'string', maxLength: 255 },
  example: 'de',
};

/** The native calls name the traveler by external_user_id: unknown → user_not_found (redirect tokens use traveler_not_found). */
export const travelerErrors: ErrorCode[] = ['user_not_found'];
export const grantErrors: ErrorCode[] = [
  ...travelerErrors,
  'package_queue_not_found',
  'package_queue_not_pending',
  'package_queue_expired',
  'concurrent_modification',
];

/** What a traveler-side fact can be refused with, reported (POST /ingest/facts) or played (sandbox). */
export const factErrors: ErrorCode[] = [
  'promo_code_required',
  'promo_code_not_found',
  'promo_code_already_redeemed',
  'classic_grant_must_be_claimed',
  'package_duration_required',
  'traveler_required',
  'iccid_required',
  'iccid_not_found',
  'esim_not_found',
  'esim_already_installed',
  'esim_not_installed',
  'no_esim',
  'no_queued_package',
  'package_not_found',
  'package_not_queued',
  'package_not_active',
  'invalid_currency',
  'package_queue_uuid_taken',
  'package_limit_reached',
  'provider_unavailable',
  ...grantErrors,
];

export const pageOperation = (summary: string, description: string, answers: PageOperation['answers'], parameters?: Parameter[]): PageOperation => ({
  kind: 'page',
  summary,
  description,
  tag: 'Traveler web app',
  answers,
  ...(parameters ? { parameters } : {}),
});

/** What a page behind the traveler's session answers without one (shared/web/traveler-page.ts). */
export const sessionEnded = 'No live session (none, unknown or ended): the session-ended page; the session cookie is cleared.';
/** What a posted form answers without its CSRF token (shared/web/page-handler.ts, postedForm). */
export const formRefused = 'The CSRF token is missing or wrong, or the form was posted from another site: the form-expired page.';

export const bookingId: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The service's booking id (`id` of BookingResponse).",
  schema: { type: 'string', maxLength: 255 },
  example: exampleBookingResponse.id,
};
export const bookingReference: Parameter = {
  ...bookingId,
  description: 'Your booking reference (`booking_id` of the booking).',
  example: exampleBookingResponse.booking_id,
};
/** The spec's `{booking_id}` of the update calls: the route table's `{id}` (one variable name per level), renamed. */
export const bookingIdPath: Parameter = { ...bookingReference, name: 'booking_id', routeName: 'id' };
