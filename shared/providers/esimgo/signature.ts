// provider adapter → the usage callback's signature: `X-Signature-SHA256` is HMAC-SHA256 of the raw body keyed with
// the API key. The webhooks guide digests it as hex, the API reference as base64: either is accepted, each
// compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The digest of a raw body, for verifying and for signing as eSIM Go does (the simulator, tests). */
export const callbackDigest = (rawBody: string | Buffer, apiKey: string): Buffer => createHmac('sha256', apiKey).update(rawBody).digest();

/** The header value as eSIM Go would send it: `hex` per the guide, `base64` per the reference. */
export const signCallback = (rawBody: string | Buffer, apiKey: string, encoding: 'hex' | 'base64' = 'base64'): string =>
  callbackDigest(rawBody, apiKey).toString(encoding);

const same = (expected: Buffer, candidate: Buffer): boolean => candidate.length === expected.length && timingSafeEqual(candidate, expected);

/** Whether the header is the body's HMAC under the key, hex (either case) or base64 (padded or not). */
export const verifyCallbackSignature = (rawBody: string | Buffer, header: string | undefined, apiKey: string): boolean => {
  if (!header) return false;
  const value = header.trim();
  if (value.length === 0 || value.length > 128) return false;
  const expected = callbackDigest(rawBody, apiKey);
  // Both decodings are tried and both compared, so the time taken does not say which form matched.
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.alloc(expected.length);
  const base64 = /^[A-Za-z0-9+/]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(expected.length);
  const hexMatches = same(expected, hex) && /^[0-9a-fA-F]{64}$/.test(value);
  const base64Matches = same(expected, base64) && /^[A-Za-z0-9+/]{43}=?$/.test(value);
  return hexMatches || base64Matches;
};
