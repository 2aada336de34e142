// sdk → typed errors: every non-2xx answer becomes an ApiError subclass carrying the service's `code` and `details`.
import type { components } from './schema.js';

export type ErrorCode = components['schemas']['ErrorResponse']['error']['code'];
export type ErrorDetail = components['schemas']['ErrorDetail'];

/** A request the service answered with an error; branch on `code`, not on the message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'unknown_error',
    message: string,
    readonly details: ErrorDetail[],
    /** The whole error body as received. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

export class ValidationError extends ApiError {
  override name = 'ValidationError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The request never got an answer (DNS, connection, time-out), after every retry. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

const classFor = (status: number): typeof ApiError =>
  status === 400 || status === 413 || status === 415
    ? ValidationError
    : status === 401 || status === 403
      ? AuthenticationError
      : status === 404 || status === 410
        ? NotFoundError
        : status === 409
          ? ConflictError
          : status === 429
            ? RateLimitError
            : status >= 500
              ? ServerError
              : ApiError;

/** Builds the error for a non-2xx answer from its parsed body (or whatever arrived instead of JSON). */
export const apiErrorFrom = (status: number, body: unknown): ApiError => {
  const parsed = body as { message?: unknown; error?: { code?: unknown; details?: unknown } } | undefined;
  const code = typeof parsed?.error?.code === 'string' ? (parsed.error.code as ErrorCode) : 'unknown_error';
  const message = typeof parsed?.message === 'string' ? parsed.message : `The service answered HTTP ${status}.`;
  const details = Array.isArray(parsed?.error?.details) ? (parsed.error.details as ErrorDetail[]) : [];
  const ErrorClass = classFor(status);
  return new ErrorClass(status, code, message, details, body);
};
