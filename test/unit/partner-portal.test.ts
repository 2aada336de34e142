// Portal links and sessions with in-memory adapters: one partner per session, single use, expiry, and no
// crossing with traveler redirect tokens (signed with the same key).
import { localTokenSigner } from '#shared/security/token-signer';
import {
  claimPortalForm,
  createPortalLink,
  newPortalFormNonce,
  PORTAL_FORM_NONCE,
  loadPortalSession,
  openPortal,
  PORTAL_LINK_TTL_SECONDS,
  PORTAL_SESSION_TTL_SECONDS,
  releasePortalForm,
} from '#shared/usecases/partner-portal';
import { createRedirectToken } from '#shared/usecases/traveler-sessions';
import type { PartnerStanding, PortalLinkRecord, PortalSession, PortalSessionStore } from '#shared/usecases/ports/webhooks';

const memoryPortal = (): PortalSessionStore => {
  const links = new Map<string, PortalLinkRecord>();
  const sessions = new Map<string, PortalSession>();
  const forms = new Set<string>();
  return {
    putLink: async (record) => void links.set(`${record.partner_id}/${record.nonce}`, { ...record }),
    // Same condition as the DynamoDB transaction: only an unused link opens a session.
    redeemLink: async ({ partnerId, nonce }, usedAt, hash, session) => {
      const stored = links.get(`${partnerId}/${nonce}`);
      if (!stored || stored.used_at) return false;
      stored.used_at = usedAt;
      sessions.set(hash, session);
      return true;
    },
    getSession: async (hash) => sessions.get(hash),
    deleteSession: async (hash) => void sessions.delete(hash),
    // Same condition as the conditional put: a nonce is recorded once per partner.
    claimForm: async ({ partnerId, nonce }) => !forms.has(`${partnerId}/${nonce}`) && Boolean(forms.add(`${partnerId}/${nonce}`)),
    releaseForm: async ({ partnerId, nonce }) => void forms.delete(`${partnerId}/${nonce}`),
  };
};

/** Each partner's current credentials generation: a rotation changes it, disabling leaves none. */
const memoryStanding = () => {
  const current = new Map<string, string | undefined>();
  const standing: PartnerStanding = {
    credentialsFingerprint: async (partnerId) => (current.has(partnerId) ? current.get(partnerId) : 'A'.repeat(22)),
  };
  return {
    standing,
    rotate: (partnerId: string) => current.set(partnerId, 'B'.repeat(22)),
    disable: (partnerId: string) => current.set(partnerId, undefined),
  };
};

const setup = () => {
  let now = new Date('2026-11-25T10:00:00Z');
  const partners = memoryStanding();
  const deps = {
    portal: memoryPortal(),
    standing: partners.standing,
    signer: localTokenSigner(Buffer.alloc(32, 7).toString('base64')),
    clock: { now: () => now },
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? undefined;
  return { deps, partners, tokenOf, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};

describe('Use case: partner portal links and sessions', () => {
  it('opens a session for the partner of the link, once', async () => {
    const { deps, tokenOf } = setup();
    const link = await createPortalLink({ partnerId: 'ptn_a', baseUrl: 'https://api.example.com/api' }, deps);

    const first = await openPortal({ token: tokenOf(link.url) }, deps);
    const second = await openPortal({ token: tokenOf(link.url) }, deps);

    expect(link.url).toMatch(/^https:\/\/api\.example\.com\/api\/portal\/start\?token=portal2\./);
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, reason: 'used' });
    const session = await loadPortalSession({ sessionId: first.ok ? first.sessionId : undefined }, deps);
    expect(session?.partner_id).toBe('ptn_a');
  });

  it('refuses an expired link, an altered one (another partner named), and ends the session after its lifetime', async () => {
    const { deps, tokenOf, advance } = setup();
    const link = tokenOf((await createPortalLink({ partnerId: 'ptn_a', baseUrl: 'https://x.example/api' }, deps)).url)!;
    const opened = await openPortal(
      { token: tokenOf((await createPortalLink({ partnerId: 'ptn_a', baseUrl: 'https://x.example/api' }, deps)).url) },
      deps,
    );

    expect(await openPortal({ token: link.replace('portal2.ptn_a.', 'portal2.ptn_b.') }, deps)).toEqual({ ok: false, reason: 'invalid' });
    advance(PORTAL_LINK_TTL_SECONDS);
    expect(await openPortal({ token: link }, deps)).toEqual({ ok: false, reason: 'expired' });
    advance(PORTAL_SESSION_TTL_SECONDS);
    expect(await loadPortalSession({ sessionId: opened.ok ? opened.sessionId : undefined }, deps)).toBeUndefined();
  });

  it('never takes a traveler redirect token signed with the same key', async () => {
    const { deps } = setup();
    const sessions = {
      putToken: async () => {},
      getToken: async () => undefined,
      redeemToken: async () => true,
      getSession: async () => undefined,
      deleteSession: async () => {},
    };
    const travelers = { resolveByExternalUserId: async () => ({ externalUserId: 'u-1' }), resolveByEmail: async () => undefined };
    const traveler = await createRedirectToken({ partnerId: 'ptn_a', externalUserId: 'u-1', webAppBaseUrl: 'https://x.example/api' }, {
      sessions,
      signer: deps.signer,
      clock: deps.clock,
      travelers,
    } as never);

    expect(await openPortal({ token: traveler.token }, deps)).toEqual({ ok: false, reason: 'invalid' });
  });

  it("ends sessions and voids unused links once the partner's API secret is rotated or the partner disabled (decision F148)", async () => {
    // Prepare: a session and an unused link of partner A, a session of partner B
    const { deps, partners, tokenOf } = setup();
    const open = async (partnerId: string) => {
      const opening = await openPortal({ token: tokenOf((await createPortalLink({ partnerId, baseUrl: 'https://x.example/api' }, deps)).url) }, deps);
      return opening.ok ? opening.sessionId : undefined;
    };
    const sessionA = await open('ptn_a');
    const unusedLinkA = tokenOf((await createPortalLink({ partnerId: 'ptn_a', baseUrl: 'https://x.example/api' }, deps)).url);
    const sessionB = await open('ptn_b');

    // Act
    partners.rotate('ptn_a');
    partners.disable('ptn_b');

    // Assess
    expect(await loadPortalSession({ sessionId: sessionA }, deps)).toBeUndefined();
    expect(await openPortal({ token: unusedLinkA }, deps)).toEqual({ ok: false, reason: 'revoked' });
    expect(await loadPortalSession({ sessionId: sessionB }, deps)).toBeUndefined();
    expect(await loadPortalSession({ sessionId: await open('ptn_a') }, deps)).toMatchObject({ partner_id: 'ptn_a' });
    await expect(createPortalLink({ partnerId: 'ptn_b', baseUrl: 'https://x.example/api' }, deps)).rejects.toMatchObject({
      code: 'partner_not_found',
    });
  });
});

describe('Use case: claimPortalForm', () => {
  it("takes a form's nonce once per partner, so a form sent again does nothing, unless its action was refused", async () => {
    // Prepare
    const deps = { portal: memoryPortal(), clock: { now: () => new Date('2026-11-27T10:00:00Z') } };
    const nonce = newPortalFormNonce();

    // Act
    const first = await claimPortalForm({ partnerId: 'p-1', nonce }, deps);
    const again = await claimPortalForm({ partnerId: 'p-1', nonce }, deps);
    const otherPartner = await claimPortalForm({ partnerId: 'p-2', nonce }, deps);
    await releasePortalForm({ partnerId: 'p-1', nonce }, deps);
    const afterRefusal = await claimPortalForm({ partnerId: 'p-1', nonce }, deps);

    // Assess
    expect(PORTAL_FORM_NONCE.test(nonce)).toBe(true);
    expect([first, again, otherPartner, afterRefusal]).toEqual([true, false, true, true]);
  });
});
