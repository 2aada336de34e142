// sdk → the fetch every request goes through: a fresh timestamp and signature per attempt, and retries that
// re-sign, only where a repeat is safe (GET/PUT/DELETE, and POST /bookings with its Idempotency-Key).
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
  /** Retries after a connection failure, 429, 5xx, or 409 idempotency_in_progress (default 2). */
  maxRetries?: number;
  /** First backoff; doubles per retry, with jitter (default 500 ms). A Retry-After header wins. */
  retryDelayMs?: number;
  fetch?: (request: Request) => Promise<Response>;
  /** Unix time in milliseconds (tests). */
  now?: () => number;
}

const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Only POST /bookings honours an Idempotency-Key: another POST repeated could run twice (a redemption, a secret rotation). */
const honoursIdempotencyKey = (method: string, path: string) => method === 'POST' && path === '/bookings';

/** 409 idempotency_in_progress: the first request with this key still runs; the docs say "retry shortly". */
const stillInProgress = async (response: Response): Promise<boolean> => {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === 'idempotency_in_progress';
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const delayFor = (attempt: number, base: number, response?: Response): number => {
  const retryAfter = Number(response?.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, 60_000);
  return base * 2 ** attempt * (0.5 + Math.random() / 2);
};

export const signingFetch = (baseUrl: string, options: TransportOptions) => {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const now = options.now ?? Date.now;
  const maxRetries = options.maxRetries ?? 2;
  const baseDelay = options.retryDelayMs ?? 500;

  const relativePathOf = (url: URL): string => (url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname);
  const signedPathOf = (url: URL): string => `${options.signedPath === 'api-prefixed' ? '/api' : ''}${relativePathOf(url)}${url.search}`;

  /** One attempt: the same request, signed now. */
  const signed = (request: Request, body: ArrayBuffer | undefined): Request => {
    const timestamp = String(now());
    const headers = new Headers(request.headers);
    headers.set('accept', 'application/json');
    headers.set('x-api-key', options.apiKey);
    headers.set('x-timestamp', timestamp);
    headers.set('x-signature', signRequest(options.apiSecret, { timestamp, method: request.method, path: signedPathOf(new URL(request.url)) }));
    return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
  };

  return async (request: Request): Promise<Response> => {
    const body = request.body ? await request.arrayBuffer() : undefined;
    const keyed = honoursIdempotencyKey(request.method, relativePathOf(new URL(request.url))) && request.headers.has('idempotency-key');
    const attempts = REPEATABLE_METHODS.has(request.method) || keyed ? maxRetries + 1 : 1;
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt + 1 >= attempts;
      let response: Response;
      try {
        response = await send(signed(request, body));
      } catch (error) {
        if (last) throw new ConnectionError(`${request.method} ${request.url} failed: ${(error as Error).message}`, error);
        await sleep(delayFor(attempt, baseDelay));
        continue;
      }
      const retryable = response.status === 429 || response.status >= 500 || (keyed && (await stillInProgress(response)));
      if (last || !retryable) return response;
      // The answer is dropped: free its connection without waiting for it.
      void response.body?.cancel().catch(() => undefined);
      await sleep(delayFor(attempt, baseDelay, response));
    }
  };
};
