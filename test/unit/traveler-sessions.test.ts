// Redirect tokens and sessions with in-memory adapters: signature, expiry, single use, session lifetime.
import { localTokenSigner } from '#shared/security/token-signer';
import {
  createRedirectToken,
  exchangeRedirectToken,
  loadTravelerSession,
  REDIRECT_TOKEN_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from '#shared/usecases/traveler-sessions';
import type { RedirectTokenRecord, SessionStore, TravelerSession } from '#shared/usecases/ports/travelers';
import { makePartnerProfile } from '#test/support/fakes';

const memorySessions = (): SessionStore => {
  const tokens = new Map<string, RedirectTokenRecord>();
  const sessions = new Map<string, TravelerSession>();
  return {
    putToken: async (record) => void tokens.set(`${record.partner_id}/${record.nonce}`, { ...record }),
    getToken: async (partnerId, nonce) => {
      const record = tokens.get(`${partnerId}/${nonce}`);
      return record ? { ...record } : undefined;
    },
    // Same condition as the DynamoDB transaction: only an unused token is redeemed.
    redeemToken: async (record, usedAt, hash, session) => {
      const stored = tokens.get(`${record.partner_id}/${record.nonce}`);
      if (!stored || stored.used_at) return false;
      stored.used_at = usedAt;
      sessions.set(hash, session);
      return true;
    },
    getSession: async (hash) => sessions.get(hash),
    deleteSession: async (hash) => void sessions.delete(hash),
  };
};

const setup = () => {
  let now = new Date('2026-11-23T10:00:00Z');
  const statusOf = new Map<string, 'active' | 'disabled'>([['ptn_a', 'active']]);
  const deps = {
    partners: {
      getProfile: async (partnerId: string) =>
        statusOf.has(partnerId) ? makePartnerProfile({ partner_id: partnerId, status: statusOf.get(partnerId) }) : undefined,
    },
    sessions: memorySessions(),
    signer: localTokenSigner(Buffer.alloc(32, 7).toString('base64')),
    clock: { now: () => now },
    travelers: {
      resolveByExternalUserId: async (_: string, externalUserId: string) => ({ externalUserId }),
      resolveByEmail: async () => undefined,
    },
  };
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const mint = () => createRedirectToken({ partnerId: 'ptn_a', externalUserId: 'traveler-1', webAppBaseUrl: 'https://x/api' }, deps);
  const disable = (partnerId: string) => statusOf.set(partnerId, 'disabled');
  return { deps, advance, mint, disable };
};

describe('Redirect tokens and traveler sessions', () => {
  it('opens a session for exactly the traveler and partner the token was minted for', async () => {
    const { deps, mint } = setup();
    const { token } = await mint();

    const outcome = await exchangeRedirectToken({ token }, deps);

    expect(outcome).toMatchObject({ ok: true, session: { partner_id: 'ptn_a', external_user_id: 'traveler-1' } });
  });

  it('refuses a token past its expiry, and accepts it one second before', async () => {
    const early = setup();
    const late = setup();
    const [first, second] = [await early.mint(), await late.mint()];
    early.advance(REDIRECT_TOKEN_TTL_SECONDS - 1);
    late.advance(REDIRECT_TOKEN_TTL_SECONDS);

    expect((await exchangeRedirectToken({ token: first.token }, early.deps)).ok).toBe(true);
    expect(await exchangeRedirectToken({ token: second.token }, late.deps)).toEqual({ ok: false, reason: 'expired' });
  });

  it('lets exactly one of two concurrent exchanges of one token win', async () => {
    const { deps, mint } = setup();
    const { token } = await mint();

    const outcomes = await Promise.all([exchangeRedirectToken({ token }, deps), exchangeRedirectToken({ token }, deps)]);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: 'used' }]);
  });

  it('refuses a token whose signed parts were changed (expiry pushed out)', async () => {
    const { deps, mint } = setup();
    const { token } = await mint();
    const parts = token.split('.');
    parts[3] = String(Number(parts[3]) + 3600);

    expect(await exchangeRedirectToken({ token: parts.join('.') }, deps)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('ends the session after its lifetime', async () => {
    const { deps, mint, advance } = setup();
    const outcome = await exchangeRedirectToken({ token: (await mint()).token }, deps);
    const sessionId = outcome.ok ? outcome.sessionId : '';

    const live = await loadTravelerSession({ sessionId }, deps);
    advance(SESSION_TTL_SECONDS);
    const ended = await loadTravelerSession({ sessionId }, deps);

    expect(live?.external_user_id).toBe('traveler-1');
    expect(ended).toBeUndefined();
  });

  it("closes a disabled partner's sessions and refuses its unused tokens (decisions F12, F148)", async () => {
    // Prepare: a live session and an unused token of partner A
    const { deps, mint, disable } = setup();
    const opened = await exchangeRedirectToken({ token: (await mint()).token }, deps);
    const unused = await mint();

    // Act
    disable('ptn_a');

    // Assess
    expect(await loadTravelerSession({ sessionId: opened.ok ? opened.sessionId : '' }, deps)).toBeUndefined();
    expect(await exchangeRedirectToken({ token: unused.token }, deps)).toEqual({ ok: false, reason: 'invalid' });
  });
});
