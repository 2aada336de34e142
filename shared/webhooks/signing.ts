// webhooks → signing: the HMAC every delivery carries, and the check a partner's receiver runs (after stripe-node's Webhooks.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { wallClock } from '#shared/clock';

/** Header names of a delivery (interface spec, "Webhook deliveries to the partner" and "Envelope"). */
export const webhookHeaders = {
  signature: 'x-service-signature',
  timestamp: 'x-service-timestamp',
  eventId: 'x-service-event-id',
  deliveryId: 'x-service-delivery-id',
} as const;

// Headers that frame, route or describe the request, or mean something hop by hop only (RFC 9110 7.6.1, RFC 9113
// 8.2.2): the HTTP client or a proxy sets them, and an auth header must not.
const transportHeaders = new Set([
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'user-agent',
  'cookie',
  'date',
  'via',
  'forwarded',
]);

/**
 * Whether every delivery sets a header of this name itself (case-insensitive): any `x-service-` name, now and later,
 * and the transport's own (with every `proxy-` and `x-forwarded-` name, which proxies set or strip). A partner's auth header of such a name would replace the event id or the signature, or
 * change how the body is read, so it is refused when set and never sent.
 */
export const isDeliveryOwnHeader = (name: string): boolean => {
  const lower = name.toLowerCase();
  return lower.startsWith('x-service-') || lower.startsWith('proxy-') || lower.startsWith('x-forwarded-') || transportHeaders.has(lower);
};

/** Receivers are told to allow about 5 minutes of clock difference. */
export const defaultToleranceSeconds = 300;

const scheme = 'sha256=';

/** Real time: a receiver checks the signature timestamp against its own clock (docs/decisions.md F20). */
const epochSeconds = (): number => Math.floor(wallClock.now().getTime() / 1000);

/** `timestamp` as sent: the signer's number, or the receiver's header text exactly as received (never re-spelled). */
const hmacHex = (secret: string, timestamp: number | string, body: string | Uint8Array): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/**
 * Value of `x-service-signature`: one `sha256=<hex>` per secret, comma-separated. Several secrets are
 * for a rotation overlap window, so a receiver holding either the old or the new secret accepts.
 */
export const signatureHeaderValue = (input: { secrets: string[]; timestamp: number; body: string }): string => {
  if (input.secrets.length === 0) throw new Error('signatureHeaderValue needs at least one secret');
  return input.secrets.map((secret) => `${scheme}${hmacHex(secret, input.timestamp, input.body)}`).join(',');
};

export type WebhookSignatureProblem = 'missing_signature' | 'missing_timestamp' | 'no_match' | 'outside_tolerance';

/** A delivery that fails verification; `problem` lets a receiver branch without parsing the message. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
  constructor(
    readonly problem: WebhookSignatureProblem,
    message: string,
  ) {
    super(message);
  }
}

// Lengths are compared first because timingSafeEqual throws on buffers of different length.
const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Checks a delivery the way a partner's receiver should: HMAC over `{timestamp}.{raw body}`, any listed
 * signature may match, and the signed timestamp must lie within `toleranceSeconds` of now (either way,
 * so a future-dated signature cannot be replayed for longer). Returns nothing; throws WebhookSignatureError.
 */
export const verifyWebhookSignature = (input: {
  body: string | Uint8Array;
  signatureHeader: string | undefined;
  timestampHeader: string | undefined;
  secret: string;
  toleranceSeconds?: number;
  now?: number;
}): void => {
  const { body, signatureHeader, timestampHeader, secret } = input;
  // A tolerance of NaN, Infinity or below 0 would let every timestamp through (or none): a mistake, said at once.
  const tolerance = input.toleranceSeconds ?? defaultToleranceSeconds;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new RangeError(`toleranceSeconds must be a finite number of seconds, 0 or more (about 300 is recommended), got ${tolerance}.`);
  }
  if (input.now !== undefined && !Number.isFinite(input.now)) {
    throw new RangeError(`now must be the current time in epoch seconds, got ${input.now}.`);
  }
  // An empty secret would accept a delivery anyone signed with an empty key: a receiver not yet configured, said at once.
  if (typeof secret !== 'string' || secret.trim().length === 0) {
    throw new RangeError('secret must be the endpoint signing secret (whsec_…); an empty secret verifies nothing.');
  }
  if (signatureHeader === undefined || signatureHeader.trim() === '') {
    throw new WebhookSignatureError(
      'missing_signature',
      `No ${webhookHeaders.signature} header found on the request. Is a signing secret configured for this webhook endpoint?`,
    );
  }
  if (timestampHeader === undefined || !/^\d+$/.test(timestampHeader.trim())) {
    throw new WebhookSignatureError(
      'missing_timestamp',
      `No valid ${webhookHeaders.timestamp} header found on the request (expected epoch seconds, got ${JSON.stringify(timestampHeader)}).`,
    );
  }
  // Signed as the text the header carries (without the whitespace around a header value); the number is for the age check.
  const timestampText = timestampHeader.trim();
  const timestamp = Number(timestampText);
  const candidates = signatureHeader
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.startsWith(scheme));
  const expected = `${scheme}${hmacHex(secret, timestampText, body)}`;
  // Every candidate is compared (no early exit), so timing does not reveal which one matched.
  const matched = candidates.reduce((found, candidate) => sameText(candidate, expected) || found, false);
  if (!matched) {
    throw new WebhookSignatureError(
      'no_match',
      'No signature matches: are you passing the raw request body, not re-serialized JSON? Is this the secret of this environment (staging and production differ)?',
    );
  }
  // Checked after the signature, as Stripe does: the timestamp is only trustworthy once it is known to be signed.
  const now = input.now ?? epochSeconds();
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookSignatureError(
      'outside_tolerance',
      `Timestamp outside the tolerance window: signed at ${timestamp}, now ${now}, tolerance ${tolerance} s. Is the receiver's clock right, or is this a replay?`,
    );
  }
};

/** Signature and timestamp headers for a body, signed exactly as production signs, so tests exercise the real path. */
export const testSignatureHeaders = (input: { body: string; secret: string; timestamp?: number }): Record<string, string> => {
  const timestamp = input.timestamp ?? epochSeconds();
  return {
    [webhookHeaders.signature]: signatureHeaderValue({ secrets: [input.secret], timestamp, body: input.body }),
    [webhookHeaders.timestamp]: String(timestamp),
  };
};
