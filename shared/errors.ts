// errors → every failure a client can see, as a class with its HTTP status and a stable machine-readable code.
// `expose` follows middy: only status < 500 carries its own message; 5xx bodies are always generic.

/**
 * Every `error.code` a client can see, with its HTTP status and what the client should do. The one list:
 * AppError takes only these codes, and the OpenAPI document lists them (npm run openapi).
 */
export const errorCodes = {
  validation_error: { status: 400, description: 'The body, query or a path parameter is invalid; `details` names each field.' },
  bad_request: { status: 400, description: 'The request could not be read (malformed URL or a request API Gateway refused).' },
  invalid_idempotency_key: { status: 400, description: 'Idempotency-Key must be 1 to 255 visible ASCII characters, sent once.' },
  unknown_custom_branding: { status: 400, description: 'custom_branding names no brand configured for your account.' },
  unknown_package: { status: 400, description: 'package_id names no package of the catalog.' },
  promo_code_redeemed: { status: 400, description: 'The promo code is already redeemed and can no longer change.' },
  traveler_required: { status: 400, description: 'A classic grant needs external_user_id or email to know who claims it.' },
  unsafe_webhook_url: { status: 400, description: 'The webhook URL is not a public HTTPS address.' },
  invalid_header_name: { status: 400, description: 'The webhook auth header name is not a valid HTTP header name, or a reserved or hop-by-hop one.' },
  unknown_event: { status: 400, description: 'The event name is not one of the webhook events (operations only).' },
  filter_required: { status: 400, description: 'A delivery search needs an event id or a partner (operations only).' },
  identifiers_disagree: { status: 400, description: 'The identifiers given (uuid and code, or several traveler identifiers) name different things.' },
  promo_code_required: { status: 400, description: 'Name the promo code by uuid or code.' },
  partner_required: { status: 400, description: 'external_user_id and package_queue_uuid need partner_id (reporters).' },
  iccid_required: { status: 400, description: 'The traveler has several eSIMs: name one by iccid.' },
  invalid_amount: { status: 400, description: 'amount must be a positive integer in the smallest currency unit.' },
  invalid_currency: { status: 400, description: 'currency is not the ISO 4217 code of a currency payments are made in (not XXX, XTS, metals).' },
  invalid_json: { status: 400, description: 'The body is not JSON (local runtime control endpoints).' },
  invalid_logo: { status: 400, description: 'The brand logo is not an accepted image (operations only).' },
  too_many_brands: { status: 400, description: 'The partner already has the most brands allowed (operations only).' },
  missing_credentials: { status: 401, description: 'x-api-key, x-timestamp or x-signature is missing.' },
  repeated_credentials: { status: 401, description: 'x-api-key, x-timestamp or x-signature is sent more than once.' },
  invalid_timestamp: { status: 401, description: 'x-timestamp is not Unix time in milliseconds.' },
  timestamp_out_of_range: { status: 401, description: 'x-timestamp is more than 5 minutes away from server time.' },
  invalid_api_key: { status: 401, description: 'The API key is unknown in this environment or disabled.' },
  invalid_signature: { status: 401, description: 'x-signature does not match the signed string.' },
  signature_reused: { status: 401, description: 'The signature was already used; sign every request anew.' },
  fact_not_allowed: { status: 403, description: 'This reporter may not report this kind of fact.' },
  not_found: { status: 404, description: 'The resource does not exist.' },
  booking_not_found: { status: 404, description: 'No booking of yours has this id or booking_id.' },
  promo_code_not_found: { status: 404, description: 'No promo code with this uuid in the booking.' },
  partner_not_found: { status: 404, description: 'No partner with this id (operations only).' },
  event_not_found: { status: 404, description: 'No recorded event of yours has this id.' },
  traveler_not_found: { status: 404, description: 'No traveler of yours has this identifier.' },
  user_not_found: { status: 404, description: 'No traveler of yours has this external_user_id.' },
  iccid_not_found: { status: 404, description: 'No eSIM has this iccid.' },
  esim_not_found: { status: 404, description: 'No eSIM with this iccid belongs to the traveler.' },
  package_not_found: { status: 404, description: 'No package has this id.' },
  package_queue_not_found: { status: 404, description: 'No package queue entry with this id for this traveler.' },
  destination_not_found: { status: 404, description: 'No destination of the catalog has this id.' },
  brand_not_found: { status: 404, description: 'No brand with this id (operations only).' },
  route_not_found: { status: 404, description: 'No operation has this method and path.' },
  concurrent_modification: { status: 409, description: 'Another request changed the booking meanwhile; read it again and retry.' },
  booking_id_taken: { status: 409, description: 'Another booking of yours already has this booking_id.' },
  idempotency_key_reused: { status: 409, description: 'The Idempotency-Key was used with a different body; use a new key.' },
  idempotency_in_progress: { status: 409, description: 'A request with this Idempotency-Key is still running; retry shortly.' },
  traveler_ambiguous: { status: 409, description: 'Your bookings give this email to several travelers: send external_user_id instead.' },
  promo_code_already_redeemed: { status: 409, description: 'The promo code is already redeemed.' },
  promo_code_already_claimed: { status: 409, description: 'The promo code was already claimed by email.' },
  promo_code_not_claimed: { status: 409, description: 'The promo code has no claim to release (support only).' },
  package_queue_not_pending: { status: 409, description: 'The package queue entry is no longer pending.' },
  package_queue_expired: { status: 409, description: 'The redemption window of the grant has ended.' },
  classic_grant_must_be_claimed: { status: 409, description: 'A classic eSIM grant is claimed with the classic claim call, not redeemed.' },
  payment_already_recorded: { status: 409, description: "The payment_id already paid for another traveler's package." },
  package_queue_uuid_taken: {
    status: 409,
    description: 'The package_queue_uuid already names a grant or a package: a web app purchase carries the new uuid its checkout made.',
  },
  package_limit_reached: { status: 409, description: 'The traveler holds the most packages one traveler may hold.' },
  not_a_classic_grant: { status: 409, description: 'The package queue entry is not a classic grant: redeem it instead.' },
  destination_required: {
    status: 409,
    description: 'The grant has no destination yet: the traveler chooses one (destination of the redeem call, or the classic destination call).',
  },
  destination_set_by_partner: { status: 409, description: 'The partner booked this grant with a destination; the traveler cannot change it.' },
  package_duration_required: {
    status: 409,
    description: 'The unlimited grant has no package_duration: the partner sets one with the package specification update call.',
  },
  webhook_url_missing: { status: 409, description: 'No webhook URL is set: set one with PUT /webhooks/endpoint first.' },
  webhook_endpoint_disabled: {
    status: 409,
    description: 'The webhook endpoint is disabled: enable it before a recovery, whose replays it would hold.',
  },
  no_esim: { status: 409, description: 'The traveler has no eSIM yet: redeem or claim a package first.' },
  no_queued_package: { status: 409, description: 'The traveler has no queued package to activate.' },
  esim_already_installed: { status: 409, description: 'The eSIM is already installed; remove it before installing it again.' },
  esim_not_installed: { status: 409, description: 'Only an installed eSIM can be removed.' },
  package_not_queued: { status: 409, description: 'Only a queued package can be activated.' },
  package_not_active: { status: 409, description: 'Usage can only be reported for an activated package.' },
  catalog_version_changed: {
    status: 409,
    description: 'This catalog version is already imported with other content; give the changed file a new version (operations only).',
  },
  catalog_version_older: { status: 409, description: 'A newer catalog version is already imported (operations only).' },
  endpoint_removed: { status: 410, description: 'The endpoint was removed; the message names its replacement.' },
  payload_too_large: { status: 413, description: 'The request body is too large.' },
  method_not_allowed: { status: 405, description: 'The path does not accept this method (local runtime control endpoints).' },
  unsupported_media_type: { status: 415, description: 'The body must be sent with Content-Type: application/json.' },
  rate_limited: { status: 429, description: 'Too many requests; retry after a short wait.' },
  request_header_fields_too_large: { status: 431, description: 'The request headers are too large.' },
  internal_error: { status: 500, description: 'Something failed on our side; retry later.' },
  provider_unavailable: {
    status: 503,
    description:
      'The eSIM or payment provider cannot serve the request now; nothing was redeemed or charged. Retry after the seconds in Retry-After.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorDetail {
  /** Dot path of the offending field, e.g. `package_specifications.0.size`; empty for the whole body. */
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.expose = status < 500;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: ErrorDetail[] = []) {
    super(400, 'validation_error', message, details);
  }
}

export class BadRequestError extends AppError {
  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = []) {
    super(400, code, message, details);
  }
}

export class AuthenticationError extends AppError {
  constructor(code: ErrorCode, message: string) {
    super(401, code, message);
  }
}

/** Also used for other partners' resources, so a 404 never reveals that an id exists elsewhere. */
export class NotFoundError extends AppError {
  constructor(message: string, code: ErrorCode = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = []) {
    super(409, code, message, details);
  }
}

export class GoneError extends AppError {
  constructor(message: string) {
    super(410, 'endpoint_removed', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'unsupported_media_type', 'Send the body as JSON in UTF-8 with the header Content-Type: application/json.');
  }
}

/** Too many attempts in a window; `Retry-After` says how many seconds until the next one counts. */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', message, [], { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The answer to a signature used before, whichever step found it (authentication, or the write that claims it). */
export const signatureReused = (): AuthenticationError =>
  new AuthenticationError('signature_reused', 'This signature was already used. Sign every request anew.');
