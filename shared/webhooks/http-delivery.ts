// webhooks → http delivery: one POST to a partner endpoint, every failure returned as an outcome, never thrown.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkWebhookUrl, safeLookup, unsafeAddressCode } from '#shared/webhooks/url-safety';

export const webhookUserAgent = 'esim-booking-service-webhooks/1';

/** We only need the status; a larger response is cut off rather than buffered. */
const maxResponseBytes = 64 * 1024;

export interface DeliveryOutcome {
  /** HTTP status of the receiver's answer; absent when no answer arrived. */
  status?: number;
  /** Raw Retry-After header, for the retry policy. */
  retryAfter?: string;
  latencyMs: number;
  error?: string;
  errorKind?: 'timeout' | 'connection' | 'unsafe_url' | 'invalid_url';
}

export interface WebhookPost {
  url: string;
  /** Signature, timestamp, event/delivery ids and the partner's auth header. */
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: string;
  /** Deadline for the whole exchange: connect, send, and the answer. */
  timeoutMs: number;
  /** Local mode only: lets deliveries reach http://127.0.0.1 receivers. */
  allowPrivate: boolean;
}

/**
 * POSTs a webhook and reports what happened. Redirects are not followed (3xx is the outcome). The connection
 * is refused when the host is or resolves to a private address (errorKind 'unsafe_url').
 */
export const postWebhook = (input: WebhookPost): Promise<DeliveryOutcome> => {
  const startedAt = performance.now();
  const elapsedMs = () => Math.round(performance.now() - startedAt);

  if (!URL.canParse(input.url)) {
    return Promise.resolve({ latencyMs: 0, error: 'Webhook URL is not a valid absolute URL', errorKind: 'invalid_url' });
  }
  const checked = checkWebhookUrl(input.url, { allowPrivate: input.allowPrivate });
  if (!checked.ok) {
    return Promise.resolve({ latencyMs: 0, error: `Webhook URL refused: ${checked.reason}`, errorKind: 'unsafe_url' });
  }

  return new Promise<DeliveryOutcome>((resolve) => {
    let request: ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    let settled = false;

    // Once the status is known it is the outcome, even if the body is cut short afterwards.
    const settle = (failure?: Pick<DeliveryOutcome, 'error' | 'errorKind'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request?.destroy(); // frees the socket whatever state it is in; errors after this are ignored
      if (response?.statusCode !== undefined) {
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode, latencyMs: elapsedMs(), ...(retryAfter === undefined ? {} : { retryAfter }) });
      } else {
        resolve({ latencyMs: elapsedMs(), ...failure });
      }
    };

    const deadline = setTimeout(
      () => settle({ error: `No response within ${input.timeoutMs} ms`, errorKind: 'timeout' }),
      input.timeoutMs,
    );

    const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;
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
        lookup: safeLookup(input.allowPrivate),
        // A fresh connection per delivery: each one goes through safeLookup, and a destroyed request leaves no pooled socket behind.
        agent: false,
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
        received += chunk.length;
        if (received > maxResponseBytes) settle();
      });
      answer.on('end', () => settle());
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
