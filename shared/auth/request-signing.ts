// auth → how a partner request is signed: HMAC-SHA256(secret, timestamp + METHOD + path[?query]), lowercase hex.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequestParts {
  timestamp: string;
  method: string;
  /** Path relative to {base_url}, with or without the `/api` prefix, including `?query` when present. */
  path: string;
}

export const signingString = ({ timestamp, method, path }: SignedRequestParts): string => `${timestamp}${method.toUpperCase()}${path}`;

export const signRequest = (secret: string, parts: SignedRequestParts): string =>
  createHmac('sha256', secret).update(signingString(parts)).digest('hex');

const API_PREFIX = '/api';

/** The path without the `/api` prefix, whichever form the gateway hands over. */
export const canonicalPath = (path: string): string =>
  path === API_PREFIX ? '/' : path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;

/**
 * Every spelling of the path a partner may have signed: 1.3.2 signs `/api/bookings`, 2.x signs `/bookings`;
 * the query string is rebuilt raw and percent-encoded because the gateway only hands over decoded values. Lazy:
 * the first candidate that matches ends the search.
 */
export function* signedPathCandidates(path: string, queryCandidates: Iterable<string>): Generator<string> {
  const bare = canonicalPath(path);
  // Both prefixes of each query before the next query: the queries are built as they are tried (decision F173).
  for (const query of queryCandidates) {
    yield `${bare}${query}`;
    yield `${API_PREFIX}${bare}${query}`;
  }
}

/** Timing-safe comparison of two lowercase hex digests of equal length. */
export const digestsEqual = (expectedHex: string, receivedHex: string): boolean => {
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return expected.length === received.length && expected.length > 0 && timingSafeEqual(expected, received);
};

/** The headers of a signed partner request: what partners send, what the ops CLI and the tests send. */
export const signedRequestHeaders = (
  credentials: { apiKey: string; secret: string },
  parts: SignedRequestParts,
): { 'x-api-key': string; 'x-timestamp': string; 'x-signature': string } => ({
  'x-api-key': credentials.apiKey,
  'x-timestamp': parts.timestamp,
  'x-signature': signRequest(credentials.secret, parts),
});
