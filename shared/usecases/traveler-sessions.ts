// use cases → redirect tokens and traveler sessions: a partner mints a token, the web app trades it for a session.
import type { InferOutput } from 'valibot';
import type { RedirectTokenResponseSchema } from '#shared/domain/traveler-response-schemas';
import { createHash } from 'node:crypto';
import { randomToken } from '#shared/domain/ids';
import { NotFoundError } from '#shared/errors';
import type { Clock } from '#shared/usecases/ports/services';
import type { PartnerDirectory } from '#shared/usecases/ports/partners';
import type { TravelerDirectory, TokenSigner, RedirectTokenRecord, TravelerSession, SessionStore } from '#shared/usecases/ports/travelers';

/** Short-lived: a partner mints the token right when the traveler taps, and opens the URL at once. */
export const REDIRECT_TOKEN_TTL_SECONDS = 5 * 60;
/** Absolute session lifetime; the partner app mints a new token each time the traveler opens the web app. */
export const SESSION_TTL_SECONDS = 30 * 60;

export interface TravelerSessionDeps {
  sessions: SessionStore;
  signer: TokenSigner;
  clock: Clock;
}

/** Whose travelers may still sign in: a disabled partner's tokens and sessions stop working (decisions F12, F148). */
export interface PartnerGate {
  partners: Pick<PartnerDirectory, 'getProfile'>;
}

const partnerIsActive = async (deps: PartnerGate, partnerId: string): Promise<boolean> =>
  (await deps.partners.getProfile(partnerId))?.status === 'active';

const TOKEN_PATTERN = /^v1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{20,100})$/;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The database never holds a usable session id, only its hash. */
export const sessionHash = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');

const signedPart = (partnerId: string, nonce: string, expiresEpoch: number) => `v1.${partnerId}.${nonce}.${expiresEpoch}`;

/**
 * POST /redirect-tokens/create. Input: the partner, `external_user_id` or `email` (the id wins), the web app's base URL.
 * Output: a signed, single-use token keyed on the traveler's external_user_id (never carried in it), its expiry and
 * the URL that redeems it. Steps: resolve the traveler, store the token record, sign.
 */
export const createRedirectToken = async (
  input: { partnerId: string; externalUserId?: string; email?: string; webAppBaseUrl: string },
  deps: TravelerSessionDeps & { travelers: TravelerDirectory },
): Promise<InferOutput<typeof RedirectTokenResponseSchema>> => {
  const traveler = input.externalUserId
    ? await deps.travelers.resolveByExternalUserId(input.partnerId, input.externalUserId)
    : await deps.travelers.resolveByEmail(input.partnerId, input.email ?? '');
  if (!traveler) {
    throw new NotFoundError("No traveler of yours has this email. Send the traveler's external_user_id instead.", 'traveler_not_found');
  }
  const now = deps.clock.now();
  const expiresEpoch = Math.floor(now.getTime() / 1000) + REDIRECT_TOKEN_TTL_SECONDS;
  const nonce = randomToken(16);
  const record: RedirectTokenRecord = {
    partner_id: input.partnerId,
    nonce,
    external_user_id: traveler.externalUserId,
    expires_at: new Date(expiresEpoch * 1000).toISOString(),
    created_at: now.toISOString(),
    used_at: null,
  };
  await deps.sessions.putToken(record);
  const body = signedPart(input.partnerId, nonce, expiresEpoch);
  const token = `${body}.${await deps.signer.sign(body)}`;
  return {
    token,
    expires_at: record.expires_at,
    url: `${input.webAppBaseUrl}/app/start?token=${encodeURIComponent(token)}`,
    external_user_id: traveler.externalUserId,
  };
};

export type ExchangeOutcome = { ok: true; sessionId: string; session: TravelerSession } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * GET /app/start. Input: the token from the URL. Output: a new session (its id goes into the cookie) or why not.
 * Steps: check shape and signature and expiry without storage, read the record, then mark it used and create the
 * session in one conditional transaction: of two exchanges of the same token exactly one wins.
 */
export const exchangeRedirectToken = async (
  input: { token: string | undefined },
  deps: TravelerSessionDeps & PartnerGate,
): Promise<ExchangeOutcome> => {
  const match = TOKEN_PATTERN.exec(input.token ?? '');
  if (!match) return { ok: false, reason: 'invalid' };
  const [, partnerId = '', nonce = '', expires = '', signature = ''] = match;
  if (!(await deps.signer.verify(signedPart(partnerId, nonce, Number(expires)), signature))) return { ok: false, reason: 'invalid' };
  const now = deps.clock.now();
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  const [record, active] = await Promise.all([deps.sessions.getToken(partnerId, nonce), partnerIsActive(deps, partnerId)]);
  if (!record || !active) return { ok: false, reason: 'invalid' };
  if (record.used_at) return { ok: false, reason: 'used' };
  const sessionId = randomToken(32);
  const session: TravelerSession = {
    partner_id: record.partner_id,
    external_user_id: record.external_user_id,
    csrf_token: randomToken(32),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  const redeemed = await deps.sessions.redeemToken(record, now.toISOString(), sessionHash(sessionId), session);
  return redeemed ? { ok: true, sessionId, session } : { ok: false, reason: 'used' };
};

/** The session behind a cookie value, or undefined when it is malformed, unknown, past its lifetime or its partner disabled. */
export const loadTravelerSession = async (
  input: { sessionId: string | undefined },
  deps: Pick<TravelerSessionDeps, 'sessions' | 'clock'> & PartnerGate,
): Promise<TravelerSession | undefined> => {
  if (!input.sessionId || !SESSION_ID_PATTERN.test(input.sessionId)) return undefined;
  const session = await deps.sessions.getSession(sessionHash(input.sessionId));
  if (!session || Date.parse(session.expires_at) <= deps.clock.now().getTime()) return undefined;
  return (await partnerIsActive(deps, session.partner_id)) ? session : undefined;
};

export const endTravelerSession = async (input: { sessionId: string }, deps: Pick<TravelerSessionDeps, 'sessions'>) => {
  await deps.sessions.deleteSession(sessionHash(input.sessionId));
};
