// errors → every failure a client can see, as a class with its HTTP status and a stable machine-readable code.
// `expose` follows middy: only status < 500 carries its own message; 5xx bodies are always generic.

export interface ErrorDetail {
  /** Dot path of the offending field, e.g. `package_specifications.0.size`; empty for the whole body. */
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly code: string,
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
  constructor(code: string, message: string, details: ErrorDetail[] = []) {
    super(400, code, message, details);
  }
}

export class AuthenticationError extends AppError {
  constructor(code: string, message: string) {
    super(401, code, message);
  }
}

/** Also used for other partners' resources, so a 404 never reveals that an id exists elsewhere. */
export class NotFoundError extends AppError {
  constructor(message: string, code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, message: string, details: ErrorDetail[] = []) {
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
    super(415, 'unsupported_media_type', 'Send the body as JSON with the header Content-Type: application/json.');
  }
}

/** Too many attempts in a window; `Retry-After` says how many seconds until the next one counts. */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', message, [], { 'retry-after': String(retryAfterSeconds) });
  }
}

