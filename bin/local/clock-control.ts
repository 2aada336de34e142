// local runtime → the control endpoint that moves the service clock; served beside the API, never part of the route table.
import * as v from 'valibot';
import { advanceLocalClock, localClockState } from '#shared/clock';
import { validate } from '#shared/domain/validate';
import { AppError, BadRequestError, UnsupportedMediaTypeError } from '#shared/errors';
import { isJsonContentType } from '#shared/http/request';
import { errorBody } from '#shared/http/response';

/** Outside the API's /api prefix, so no route of shared/routes.ts (and nothing API Gateway serves) can collide. */
export const LOCAL_CONTROL_PREFIX = '/__local';
export const LOCAL_CLOCK_PATH = `${LOCAL_CONTROL_PREFIX}/clock`;

/** The largest move in one call: 10 years either way. */
const MAX_MOVE_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export const ClockMoveSchema = v.strictObject(
  {
    ms: v.pipe(
      v.number('ms must be a number of milliseconds.'),
      v.safeInteger('ms must be a whole number of milliseconds.'),
      v.minValue(-MAX_MOVE_MS, 'ms moves the clock by at most 10 years.'),
      v.maxValue(MAX_MOVE_MS, 'ms moves the clock by at most 10 years.'),
    ),
  },
  'The body must be a JSON object like {"ms": 86400000} and nothing else.',
);
export type ClockMoveInput = v.InferInput<typeof ClockMoveSchema>;

export interface ControlRequest {
  method: string;
  path: string;
  /** The Content-Type header as sent, if any. */
  contentType?: string;
  body: string;
}

export interface ControlResponse {
  status: number;
  body: unknown;
}

const envelope = (message: string, data: unknown): ControlResponse => ({ status: 200, body: { success: true, message, data } });

/**
 * GET /__local/clock reads service time; POST {ms} moves it for every handler of this process, then runs the
 * scheduled functions (departure events and any other time-driven work) and answers once that run is over.
 * A move must say it is JSON (Content-Type: application/json): a web page of another site can send a form or a
 * text/plain POST to the developer's machine without asking, but not a JSON one, which needs a CORS preflight this
 * server never grants.
 */
export const localControl =
  (deps: { runScheduledNow: () => Promise<void> }) =>
  async ({ method, path, contentType, body }: ControlRequest): Promise<ControlResponse> => {
    if (path !== LOCAL_CLOCK_PATH) {
      return { status: 404, body: errorBody('route_not_found', `No local control endpoint ${path}; there is ${LOCAL_CLOCK_PATH}.`) };
    }
    if (method === 'GET') return envelope('Service clock', localClockState());
    if (method !== 'POST') return { status: 405, body: errorBody('method_not_allowed', `${LOCAL_CLOCK_PATH} accepts GET and POST.`) };
    try {
      if (!isJsonContentType(contentType)) throw new UnsupportedMediaTypeError();
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new BadRequestError('invalid_json', 'The body must be JSON like {"ms": 86400000}.');
      }
      const { ms } = validate(ClockMoveSchema, parsed);
      advanceLocalClock(ms);
      await deps.runScheduledNow();
      return envelope(`Service clock moved by ${ms} ms; scheduled work has run.`, localClockState());
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, body: errorBody(error.code, error.message, error.details) };
      throw error;
    }
  };
