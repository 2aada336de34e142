// http adapter → the response envelope `{ success, message, data }` and the documented error shape.
import type { APIGatewayProxyResult } from 'aws-lambda';
import { AppError, type ErrorCode } from '#shared/errors';

/** Partner data is per request and per partner: nothing may be cached by browsers or proxies. */
export const noStoreHeaders = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0, private',
  pragma: 'no-cache',
  expires: '0',
} as const;

/** Every JSON answer: never cached, and never sniffed as another type (a message may quote the request's text). */
export const jsonAnswerHeaders = { ...noStoreHeaders, 'x-content-type-options': 'nosniff' } as const;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', ...jsonAnswerHeaders };

export interface SuccessBody {
  message: string;
  data: unknown;
  /** Extra top-level members, e.g. `pagination` beside `data`. */
  extra?: Record<string, unknown>;
}

export interface HttpResult extends SuccessBody {
  status?: number;
  headers?: Record<string, string>;
}

export const successResponse = ({ status = 200, message, data, extra, headers }: HttpResult): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { ...jsonHeaders, ...headers },
  body: JSON.stringify({ success: true, message, data, ...extra }),
});

/** The one error body: `success:false`, a message that says what to do, a stable code and field details. */
export const errorBody = (code: ErrorCode, message: string, details: AppError['details'] = []) => ({
  success: false,
  message,
  data: {},
  error: { code, details },
});

const internalErrorMessage = 'Something went wrong on our side. Retry later; if it persists contact support.';

export const errorResponse = (error: unknown): APIGatewayProxyResult => {
  if (error instanceof AppError && error.expose) {
    return {
      statusCode: error.status,
      headers: { ...jsonHeaders, ...error.headers },
      body: JSON.stringify(errorBody(error.code, error.message, error.details)),
    };
  }
  return {
    statusCode: 500,
    headers: jsonHeaders,
    body: JSON.stringify(errorBody('internal_error', internalErrorMessage)),
  };
};
