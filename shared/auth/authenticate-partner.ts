// use case → authenticate a partner request: API key, timestamp window, HMAC signature, single use.
import { createHmac } from 'node:crypto';
import { AuthenticationError, signatureReused } from '#shared/errors';
import { digestsEqual, signRequest, signedPathCandidates } from '#shared/auth/request-signing';
import type { PartnerCredentials, CredentialStore, UsedSignature, SignatureReplayGuard, SecretCipher } from '#shared/usecases/ports/partners';

/** Accepted difference between x-timestamp and server time, in either direction. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

export interface PartnerRequest {
  headers: Record<string, string>;
  method: string;
  path: string;
  /** Built as tried, possibly more than once (a cached secret, then the stored one): re-iterable. */
  queryCandidates: Iterable<string>;
}

export interface AuthenticatedPartner {
  partnerId: string;
  apiKey: string;
  /** Key that signs this partner's pagination cursors; derived from its secret (on first use), never returned. */
  readonly cursorKey: Buffer;
}

/** A request whose signature verified; it is authenticated once its signature is claimed as used for the first time. */
export interface VerifiedRequest {
  partner: AuthenticatedPartner;
  /** The record claimSignature() writes, for a write that puts it in its own transaction instead. */
  usedSignature: UsedSignature;
  /**
   * Resolves once the credentials the signature verified against are confirmed as the stored ones; rejects with
   * `invalid_api_key` (disabled or removed since) or `invalid_signature` (secret rotated since). A write that puts
   * `usedSignature` into its own transaction awaits this before writing.
   */
  confirmCredentials(): Promise<void>;
  /** Records the signature as used and confirms the credentials, side by side; rejects like both. */
  claimSignature(): Promise<void>;
}

export interface AuthenticationDeps {
  credentials: CredentialStore;
  replayGuard: SignatureReplayGuard;
  cipher: SecretCipher;
  now: () => number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
/** Our keys are `pk_` + base64url; anything else cannot exist and never reaches storage. */
const API_KEY_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;
const DIGITS = /^\d{1,16}$/;

const requireHeader = (headers: Record<string, string>, name: string): string => {
  const value = headers[name]?.trim();
  if (!value) {
    throw new AuthenticationError('missing_credentials', `Missing ${name} header. Every request needs x-api-key, x-timestamp and x-signature.`);
  }
  return value;
};

const invalidApiKey = () => new AuthenticationError('invalid_api_key', 'The x-api-key is not recognised for this environment.');

const invalidSignature = () =>
  new AuthenticationError(
    'invalid_signature',
    'x-signature does not match. Sign x-timestamp + HTTP method + request path with its query string ' +
      '(e.g. "1700000000000GET/bookings?perPage=10") with HMAC-SHA256 and your API secret, as lowercase hex.',
  );

/** The partner's secret when `signature` is its signature of the request, otherwise undefined. */
const secretThatSigned = async (
  credentials: PartnerCredentials,
  request: PartnerRequest,
  signed: { timestamp: string; signature: string },
  cipher: SecretCipher,
): Promise<string | undefined> => {
  if (!HEX_SHA256.test(signed.signature)) return undefined;
  const secret = await cipher.decrypt(credentials.secretCiphertext, { partner_id: credentials.partnerId });
  for (const path of signedPathCandidates(request.path, request.queryCandidates)) {
    if (digestsEqual(signRequest(secret, { timestamp: signed.timestamp, method: request.method, path }), signed.signature)) return secret;
  }
  return undefined;
};

/** Reads the credentials past the cache: still active, and the same secret or one that also signed the request. */
const confirmStillStored = async (
  deps: AuthenticationDeps,
  verifiedWith: PartnerCredentials,
  request: PartnerRequest,
  signed: { timestamp: string; signature: string },
): Promise<void> => {
  const stored = await deps.credentials.reload?.(verifiedWith.apiKey);
  if (stored?.status !== 'active' || stored.partnerId !== verifiedWith.partnerId) throw invalidApiKey();
  if (stored.secretCiphertext === verifiedWith.secretCiphertext) return;
  if ((await secretThatSigned(stored, request, signed, deps.cipher)) === undefined) throw invalidSignature();
};

/**
 * Input: the request's headers, method and path. Output: the partner it is signed by, and the claim of its signature.
 * Steps: check the headers, the timestamp window and the API key; compare the signature against every accepted
 * spelling of the path (timing-safe). A signature that fails against credentials from a cache is checked once more
 * against credentials read from storage (the secret may have been rotated). Nothing is claimed yet: the caller runs
 * claimSignature() and must not answer before it resolved.
 */
export const verifyPartnerRequest = async (request: PartnerRequest, deps: AuthenticationDeps): Promise<VerifiedRequest> => {
  const apiKey = requireHeader(request.headers, 'x-api-key');
  const timestamp = requireHeader(request.headers, 'x-timestamp');
  // Lowercase hex, as the spec writes it: an upper-case spelling of a valid signature is refused, not rewritten.
  const signature = requireHeader(request.headers, 'x-signature');

  if (!DIGITS.test(timestamp)) {
    throw new AuthenticationError('invalid_timestamp', 'x-timestamp must be the current Unix time in milliseconds.');
  }
  const skew = Math.abs(deps.now() - Number(timestamp));
  if (skew > TIMESTAMP_TOLERANCE_MS) {
    throw new AuthenticationError(
      'timestamp_out_of_range',
      'x-timestamp is more than 5 minutes away from server time. Sign each request with the current time in milliseconds.',
    );
  }
  if (!API_KEY_SHAPE.test(apiKey)) throw invalidApiKey();

  const active = (credentials: PartnerCredentials | undefined) => (credentials?.status === 'active' ? credentials : undefined);
  const found = await deps.credentials.findByApiKey(apiKey);
  let credentials = active(found);
  let fromCache = found?.fromCache === true;
  let secret = credentials && (await secretThatSigned(credentials, request, { timestamp, signature }, deps.cipher));
  if (secret === undefined && fromCache && deps.credentials.reload && HEX_SHA256.test(signature)) {
    credentials = active(await deps.credentials.reload(apiKey));
    fromCache = false;
    secret = credentials && (await secretThatSigned(credentials, request, { timestamp, signature }, deps.cipher));
  }
  if (credentials === undefined) throw invalidApiKey();
  if (secret === undefined) throw invalidSignature();

  // Credentials from the cache are read again from storage beside the signature's claim, so a rotated secret or a
  // disabled partner is refused on the first request after the change, with no round trip added (decision F63).
  const confirmation = fromCache ? confirmStillStored(deps, credentials, request, { timestamp, signature }) : Promise.resolve();
  confirmation.catch(() => {}); // awaited by claimSignature() or confirmCredentials(); this only keeps it from counting as unhandled

  const { partnerId } = credentials;
  let cursorKey: Buffer | undefined; // only list requests read it: no HMAC for the others
  const usedSignature = {
    apiKey,
    signature,
    expiresAtEpochSeconds: Math.ceil((Number(timestamp) + 2 * TIMESTAMP_TOLERANCE_MS) / 1000),
  };
  return {
    partner: {
      partnerId,
      apiKey,
      get cursorKey() {
        cursorKey ??= createHmac('sha256', secret).update('pagination-cursor').digest();
        return cursorKey;
      },
    },
    usedSignature,
    confirmCredentials: () => confirmation,
    async claimSignature() {
      const [claimed] = await Promise.all([deps.replayGuard.claim(usedSignature), confirmation]);
      if (!claimed) throw signatureReused();
    },
  };
};

/** Verifies the request, then claims its signature: the sequential form, for callers with nothing to overlap. */
export const authenticatePartner = async (request: PartnerRequest, deps: AuthenticationDeps): Promise<AuthenticatedPartner> => {
  const verified = await verifyPartnerRequest(request, deps);
  await verified.claimSignature();
  return verified.partner;
};
