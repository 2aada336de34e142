// messaging adapter → webhook http delivery: one POST to a partner endpoint, every failure returned as an outcome, never thrown.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, safeLookup, unsafeAddressCode } from '#shared/webhooks/url-safety';
import type { DeliveryOutcome, WebhookPost } from '#shared/usecases/ports/webhooks';

export const webhookUserAgent = 'esim-booking-service-webhooks/1';

/** We only need the status and the start of the answer; a larger response is cut off rather than buffered. */
const maxResponseBytes = 64 * 1024;
/** The start of the answer returned with the outcome (the delivery log keeps 1 KiB of it, scrubbed). */
const keptResponseBytes = 4 * 1024;

/** A pooled connection idle this long is closed; receivers commonly close theirs after 5 s. */
const IDLE_CONNECTION_MS = 4_000;
/** Connections kept open per destination origin, and destinations kept pooled at once (least recently used go). */
const MAX_CONNECTIONS_PER_ORIGIN = 10;
const MAX_POOLED_ORIGINS = 100;

export interface WebhookPosterOptions {
  /** The connect-time address check of every new connection (default: safeLookup, the DNS answer). */
  lookup?: (allowPrivate: boolean) => LookupFunction;
  /** Certificate authorities to trust instead of the system's (the benchmark's self-signed receiver). */
  ca?: string;
}

type Failure = Pick<DeliveryOutcome, 'error' | 'errorKind'>;

/**
 * Makes the webhook POST function, with a keep-alive connection pool per destination origin (scheme, host and
 * port). A pooled connection only ever carries requests for the origin it was opened to and checked for; every new
 * connection goes through `lookup`, which refuses private addresses in the DNS answer. A failure on a pooled
 * connection is an attempt like any other (the retry schedule sends again, on a new connection); idle connections
 * close before receivers commonly close theirs, so a delivery rarely meets one the receiver already closed.
 */
export const createWebhookPoster = ({ lookup = safeLookup, ca }: WebhookPosterOptions = {}) => {
  const pools = new Map<string, HttpAgent>();

  const newPool = (url: URL, allowPrivate: boolean): HttpAgent => {
    const options = {
      keepAlive: true,
      maxSockets: MAX_CONNECTIONS_PER_ORIGIN,
      maxFreeSockets: MAX_CONNECTIONS_PER_ORIGIN,
      timeout: IDLE_CONNECTION_MS,
      lookup: lookup(allowPrivate),
      ...(ca === undefined ? {} : { ca }),
    };
    return url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
  };

  const poolFor = (url: URL, allowPrivate: boolean): HttpAgent => {
    const key = `${allowPrivate ? 'local' : 'public'} ${url.origin}`;
    const agent = pools.get(key) ?? newPool(url, allowPrivate);
    pools.delete(key);
    pools.set(key, agent); // most recently used last
    if (pools.size > MAX_POOLED_ORIGINS) {
      const [oldestKey, oldest] = pools.entries().next().value as [string, HttpAgent];
      pools.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  };

  /**
   * POSTs a webhook and reports what happened. Redirects are not followed (3xx is the outcome). The connection
   * is refused when the host is or resolves to a private address (errorKind 'unsafe_url').
   */
  const postWebhook = (input: WebhookPost): Promise<DeliveryOutcome> => {
    const startedAt = performance.now();
    const elapsedMs = () => Math.round(performance.now() - startedAt);

    if (!URL.canParse(input.url)) {
      return Promise.resolve({ latencyMs: 0, error: 'Webhook URL is not a valid absolute URL', errorKind: 'invalid_url' });
    }
    const checked = checkWebhookUrl(input.url, { allowPrivate: input.allowPrivate });
    if (!checked.ok) {
      return Promise.resolve({ latencyMs: 0, error: `Webhook URL refused: ${checked.reason}`, errorKind: 'unsafe_url' });
    }
    const pool = poolFor(checked.url, input.allowPrivate);
    const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;

    return new Promise<DeliveryOutcome>((resolve) => {
      let request: ClientRequest | undefined;
      let response: IncomingMessage | undefined;
      let settled = false;
      // The start of the answer, for the delivery log and test deliveries; the rest is read and dropped.
      const kept: Buffer[] = [];
      let keptBytes = 0;

      // Once the status is known it is the outcome, even if the body is cut short afterwards.
      const settle = (failure?: Failure, { connectionReusable = false } = {}): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        // A fully read answer leaves its connection to the pool; anything else closes it, whatever its state.
        if (!connectionReusable) request?.destroy();
        if (response?.statusCode !== undefined) {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode,
            latencyMs: elapsedMs(),
            responseText: Buffer.concat(kept).toString('utf8'),
            ...(retryAfter === undefined ? {} : { retryAfter }),
          });
        } else {
          resolve({ latencyMs: elapsedMs(), ...failure });
        }
      };

      const deadline = setTimeout(() => settle({ error: `No response within ${input.timeoutMs} ms`, errorKind: 'timeout' }), input.timeoutMs);

      try {
        request = send(checked.url, {
          method: 'POST',
          headers: {
            ...input.headers,
            // Set last so a caller's header of the same name cannot change how the body is read.
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(input.body)),
            'user-agent': webhookUserAgent,
          },
          agent: pool,
          ...(ca === undefined ? {} : { ca }),
        });
      } catch (error) {
        // node:http throws synchronously on a header value it cannot send (a newline in a configured API key).
        settle({ error: `Request could not be sent: ${(error as Error).message}`, errorKind: 'connection' });
        return;
      }

      request.on('response', (answer) => {
        response = answer;
        let received = 0;
        answer.on('data', (chunk: Buffer) => {
          if (keptBytes < keptResponseBytes) {
            kept.push(chunk.subarray(0, keptResponseBytes - keptBytes));
            keptBytes += Math.min(chunk.length, keptResponseBytes - keptBytes);
          }
          received += chunk.length;
          if (received > maxResponseBytes) settle();
        });
        answer.on('end', () => settle(undefined, { connectionReusable: true }));
        answer.on('close', () => settle());
        answer.on('error', () => settle());
      });

      request.on('error', (error: NodeJS.ErrnoException) => {
        const errorKind = error.code === unsafeAddressCode ? 'unsafe_url' : 'connection';
        settle({ error: error.message, errorKind });
      });

      request.end(input.body);
    });
  };

  return postWebhook;
};

/** The delivery function of this process: one connection pool per destination origin, for every warm invocation. */
export const postWebhook = createWebhookPoster();
