// use cases → the partner portal's single-use links and sessions: a partner (or support) mints a link, the browser
// trades it for a session cookie scoped to that partner (decision F98).
import { randomToken } from '#shared/domain/ids';
import { sessionHash } from '#shared/usecases/traveler-sessions';
import type { Clock } from '#shared/usecases/ports/services';
import type { TokenSigner } from '#shared/usecases/ports/travelers';
import { NotFoundError } from '#shared/errors';
import type { PartnerStanding, PortalSession, PortalSessionStore } from '#shared/usecases/ports/webhooks';

/** A link is opened right after it is made: 5 minutes, once. */
export const PORTAL_LINK_TTL_SECONDS = 5 * 60;
/** Absolute session lifetime; a new link opens a new session. */
export const PORTAL_SESSION_TTL_SECONDS = 30 * 60;

export interface PortalDeps {
  portal: PortalSessionStore;
  standing: PartnerStanding;
  signer: TokenSigner;
  clock: Clock;
}

// A different prefix from redirect tokens (`v1.`): a traveler's token never opens the portal, nor the other way.
// The link names the partner's credentials it was made with: rotating the secret or disabling the partner voids it.
const signedPart = (partnerId: string, nonce: string, expiresEpoch: number, credentials: string) =>
  `portal2.${partnerId}.${nonce}.${expiresEpoch}.${credentials}`;
const LINK_PATTERN = /^portal2\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{20,100})$/;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Input: the partner and the service's public base URL. Output: the link (`{base}/portal/start?token=…`) and its expiry. */
export const createPortalLink = async (
  input: { partnerId: string; baseUrl: string },
  deps: PortalDeps,
): Promise<{ url: string; expires_at: string }> => {
  const credentials = await deps.standing.credentialsFingerprint(input.partnerId);
  if (!credentials) throw new NotFoundError(`No active partner "${input.partnerId}".`, 'partner_not_found');
  const now = deps.clock.now();
  const expiresEpoch = Math.floor(now.getTime() / 1000) + PORTAL_LINK_TTL_SECONDS;
  const nonce = randomToken(16);
  const expiresAt = new Date(expiresEpoch * 1000).toISOString();
  await deps.portal.putLink({ partner_id: input.partnerId, nonce, expires_at: expiresAt, created_at: now.toISOString(), used_at: null });
  const body = signedPart(input.partnerId, nonce, expiresEpoch, credentials);
  const token = `${body}.${await deps.signer.sign(body)}`;
  return { url: `${input.baseUrl}/portal/start?token=${encodeURIComponent(token)}`, expires_at: expiresAt };
};

export type PortalOpening = { ok: true; sessionId: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'revoked' };

/** Checks shape, signature and expiry without storage, then marks the link used and creates the session at once. */
export const openPortal = async (input: { token: string | undefined }, deps: PortalDeps): Promise<PortalOpening> => {
  const match = LINK_PATTERN.exec(input.token ?? '');
  if (!match) return { ok: false, reason: 'invalid' };
  const [, partnerId = '', nonce = '', expires = '', credentials = '', signature = ''] = match;
  if (!(await deps.signer.verify(signedPart(partnerId, nonce, Number(expires), credentials), signature))) return { ok: false, reason: 'invalid' };
  const now = deps.clock.now();
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if ((await deps.standing.credentialsFingerprint(partnerId)) !== credentials) return { ok: false, reason: 'revoked' };
  const sessionId = randomToken(32);
  const session: PortalSession = {
    partner_id: partnerId,
    credentials_fingerprint: credentials,
    csrf_token: randomToken(32),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PORTAL_SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  const redeemed = await deps.portal.redeemLink({ partnerId, nonce }, now.toISOString(), sessionHash(sessionId), session);
  return redeemed ? { ok: true, sessionId } : { ok: false, reason: 'used' };
};

/**
 * The session behind a cookie value, or undefined when it is malformed, unknown, past its lifetime, or its partner
 * has since been disabled or had its API secret rotated (read fresh for every page: the portal can rotate secrets).
 */
export const loadPortalSession = async (
  input: { sessionId: string | undefined },
  deps: Pick<PortalDeps, 'portal' | 'standing' | 'clock'>,
): Promise<PortalSession | undefined> => {
  if (!input.sessionId || !SESSION_ID_PATTERN.test(input.sessionId)) return undefined;
  const session = await deps.portal.getSession(sessionHash(input.sessionId));
  if (!session || Date.parse(session.expires_at) <= deps.clock.now().getTime()) return undefined;
  const current = await deps.standing.credentialsFingerprint(session.partner_id);
  return current !== undefined && current === session.credentials_fingerprint ? session : undefined;
};

/** Input: the cookie's session id. Output: nothing; the session no longer opens the portal (signing out). */
export const endPortalSession = async (input: { sessionId: string }, deps: Pick<PortalDeps, 'portal'>): Promise<void> => {
  if (SESSION_ID_PATTERN.test(input.sessionId)) await deps.portal.deleteSession(sessionHash(input.sessionId));
};

/** A portal form's nonce: random per rendered form, so the same form sent twice carries the same one. */
export const PORTAL_FORM_NONCE = /^[A-Za-z0-9_-]{22}$/;
export const newPortalFormNonce = (): string => randomToken(16);

/**
 * Input: the session's partner and the form's nonce. Output: whether this is the form's first sending. A reload of the
 * result page or a second click sends the form again: it must not rotate the secret (shown once) or recover twice.
 */
export const claimPortalForm = (input: { partnerId: string; nonce: string }, deps: Pick<PortalDeps, 'portal' | 'clock'>): Promise<boolean> =>
  deps.portal.claimForm(input, new Date(deps.clock.now().getTime() + PORTAL_SESSION_TTL_SECONDS * 1000).toISOString());

/** A form whose action was refused or failed did nothing: it may be sent again. */
export const releasePortalForm = (input: { partnerId: string; nonce: string }, deps: Pick<PortalDeps, 'portal'>): Promise<void> =>
  deps.portal.releaseForm(input);
