// sdk → verifyWebhook: checks a delivery exactly as the spec says (raw bytes, any listed signature, tolerance,
// timing-safe) and returns the typed event.
import type { components } from './schema.js';
import { defaultToleranceSeconds, verifyWebhookSignature, webhookHeaders } from './signing.ts';

type Schemas = components['schemas'];

/** Every webhook body the service sends, discriminated by `event`. */
export type WebhookEvent = { [K in keyof Schemas]: K extends `${string}Event` ? Schemas[K] : never }[keyof Schemas];
export type WebhookEventName = WebhookEvent['event'];

/** Headers as Node's IncomingMessage, the Fetch API's Headers or a plain object carry them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(',') : value;
};

export interface VerifyWebhookOptions {
  /**
   * Largest accepted age (either way) of `x-service-timestamp`, default 300; the spec recommends about 5 minutes.
   * NaN, Infinity or a negative number throws a RangeError: it would turn the age check off.
   */
  toleranceSeconds?: number;
  /** Current time in epoch seconds (tests). */
  now?: number;
}

/**
 * Verifies a delivery and returns its event. Pass the raw body exactly as received (string or bytes), never
 * re-serialized JSON; the HMAC covers the `x-service-timestamp` text as received too. Throws WebhookSignatureError
 * (with `problem`) when the delivery must be rejected, and RangeError for invalid options.
 */
export const verifyWebhook = (
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent => {
  verifyWebhookSignature({
    body: rawBody,
    signatureHeader: header(headers, webhookHeaders.signature),
    timestampHeader: header(headers, webhookHeaders.timestamp),
    secret,
    toleranceSeconds: options.toleranceSeconds ?? defaultToleranceSeconds,
    now: options.now,
  });
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return JSON.parse(text) as WebhookEvent;
};
