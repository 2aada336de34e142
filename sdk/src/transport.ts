// sdk → the fetch every request goes through: a fresh timestamp and signature per attempt, a time-out per attempt,
// and retries that re-sign, only where a repeat is safe (GET/PUT/DELETE, and POST /bookings with its Idempotency-Key).
import { signRequest } from './signing.ts';
import { ConnectionError } from './errors.ts';

export interface TransportOptions {
  apiKey: string;
  apiSecret: string;
  /**
   * Which path is signed: `relative` signs the path relative to the base URL (`/bookings`, API 2.x), `api-prefixed`
   * signs it with the `/api` prefix (`/api/bookings`, API 1.3.2). The service accepts both.
   */
  signedPath?: 'relative' | 'api-prefixed';
  /** Retries after a connection failure or time-out, 429, 5xx, or 409 idempotency_in_progress (default 2). */
  maxRetries?: number;
  /** First backoff; doubles per retry, with jitter (default 500 ms). A Retry-After header (seconds or an HTTP date) wins. */
  retryDelayMs?: number;
  /**
   * Longest wait between the attempts of one call, all waits together (default 30 000 ms). A Retry-After that would
   * go beyond it ends the retries: the answer (e.g. a RateLimitError) comes back at once.
   */
  maxRetryWaitMs?: number;
  /** Time-out of each attempt (default 30 000 ms; 0 for none). A timed-out attempt is retried like a connection failure. */
  timeoutMs?: number;
  fetch?: (request: Request) => Promise<Response>;
  /** Unix time in milliseconds (tests). */
  now?: () => number;
}

const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Only POST /bookings honours an Idempotency-Key: another POST repeated could run twice (a redemption, a secret rotation). */
const honoursIdempotencyKey = (method: string, path: string) => method === 'POST' && path === '/bookings';

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from now; undefined when absent or neither. */
export const retryAfterMs = (header: string | null, now: number): number | undefined => {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // "-5" or "1.5" is neither form, though Date.parse reads some of them.
  if (/^[-+\d.]+$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
};

/** Waits `ms`, unless the caller's signal aborts first. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** 409 idempotency_in_progress: the first request with this key still runs; the docs say "retry shortly". */
const stillInProgress = async (response: Response): Promise<boolean> => {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === 'idempotency_in_progress';
};

/** Statuses whose answer has no body (a Response with one would be refused). */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * The answer with its body read inside the attempt: a time-out while the body arrives is the attempt's failure
 * (retried, or a ConnectionError), not an abort the caller meets later while parsing.
 */
const buffered = async (response: Response): Promise<Response> => {
  const content = BODILESS.has(response.status) ? null : await response.arrayBuffer();
  return new Response(content, { status: response.status, statusText: response.statusText, headers: response.headers });
};

/** A wait in milliseconds that setTimeout can keep (at most about 24.8 days), or a RangeError now. */
const checkedMs = (name: string, value: number): number => {
  if (!Number.isFinite(value) || value < 0 || value > 2_147_483_647) {
    throw new RangeError(`${name} must be a number of milliseconds from 0 to 2147483647, got ${JSON.stringify(value)} (${typeof value}).`);
  }
  return value;
};

/**
 * How many attempts an answer took, and whether an earlier one may have run without its answer coming back (a lost
 * connection, a time-out, a 5xx; not a 429, which the service refused before running anything), in headers the SDK
 * adds to the answer: a DELETE answered 404 after such an attempt was done by it.
 */
export const ATTEMPTS_HEADER = 'x-sdk-attempts';
export const UNKNOWN_OUTCOME_HEADER = 'x-sdk-earlier-attempt-unknown';
export const earlierAttemptMayHaveRun = (response: Response): boolean => response.headers.get(UNKNOWN_OUTCOME_HEADER) === 'true';

/** A count of retries: a whole number from 0 to 100, or a RangeError now (NaN would retry without end). */
const checkedRetries = (value: number): number => {
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new RangeError(`maxRetries must be a whole number from 0 to 100, got ${JSON.stringify(value)} (${typeof value}).`);
  }
  return value;
};

export const signingFetch = (baseUrl: string, options: TransportOptions) => {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const now = options.now ?? Date.now;
  const maxRetries = checkedRetries(options.maxRetries ?? 2);
  const baseDelay = checkedMs('retryDelayMs', options.retryDelayMs ?? 500);
  const maxRetryWait = checkedMs('maxRetryWaitMs', options.maxRetryWaitMs ?? 30_000);
  const timeoutMs = checkedMs('timeoutMs', options.timeoutMs ?? 30_000);

  const relativePathOf = (url: URL): string => (url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname);
  const signedPathOf = (url: URL): string => `${options.signedPath === 'api-prefixed' ? '/api' : ''}${relativePathOf(url)}${url.search}`;

  /** One attempt: the same request, signed now, ended by the caller's signal or the attempt's time-out. */
  const signed = (request: Request, body: ArrayBuffer | undefined): Request => {
    const timestamp = String(now());
    const headers = new Headers(request.headers);
    headers.set('accept', 'application/json');
    headers.set('x-api-key', options.apiKey);
    headers.set('x-timestamp', timestamp);
    headers.set('x-signature', signRequest(options.apiSecret, { timestamp, method: request.method, path: signedPathOf(new URL(request.url)) }));
    const signal = timeoutMs > 0 ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : request.signal;
    return new Request(request.url, { method: request.method, headers, body, signal });
  };

  return async (request: Request): Promise<Response> => {
    const body = request.body ? await request.arrayBuffer() : undefined;
    const keyed = honoursIdempotencyKey(request.method, relativePathOf(new URL(request.url))) && request.headers.has('idempotency-key');
    const attempts = REPEATABLE_METHODS.has(request.method) || keyed ? maxRetries + 1 : 1;
    const failed = (error: unknown) => {
      const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `failed: ${(error as Error).message}`;
      return new ConnectionError(`${request.method} ${request.url} ${reason}`, error);
    };
    let waited = 0;
    let unknownOutcome = false;
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt + 1 >= attempts;
      let response: Response;
      try {
        response = await buffered(await send(signed(request, body)));
      } catch (error) {
        // The caller's own abort ends the call; it is no failure to retry.
        if (request.signal.aborted) throw request.signal.reason;
        const delay = baseDelay * 2 ** attempt * (0.5 + Math.random() / 2);
        if (last || waited + delay > maxRetryWait) throw failed(error);
        waited += delay;
        unknownOutcome = true;
        await sleep(delay, request.signal);
        continue;
      }
      // The first request with this key still runs: wait for it as long as maxRetryWaitMs allows, not maxRetries, or
      // a caller that gives up would send the booking again under a new key.
      response.headers.set(ATTEMPTS_HEADER, String(attempt + 1));
      if (unknownOutcome) response.headers.set(UNKNOWN_OUTCOME_HEADER, 'true');
      const inProgress = keyed && (await stillInProgress(response));
      const retryable = response.status === 429 || response.status >= 500 || inProgress;
      if ((last && !inProgress) || !retryable) return response;
      const delay =
        retryAfterMs(response.headers.get('retry-after'), now()) ?? baseDelay * 2 ** Math.min(attempt, maxRetries) * (0.5 + Math.random() / 2);
      if (waited + delay > maxRetryWait) return response;
      waited += delay;
      // A 5xx may have come after the work was done; a 429 or a request still in progress did nothing.
      if (response.status >= 500) unknownOutcome = true;
      // The answer is dropped: free its connection without waiting for it.
      void response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal);
    }
  };
};
