// web adapter → pages of the partner portal: only a live portal session reaches the page, and it names the one
// partner whose webhooks the page may show. English only (partners' engineers), whatever the browser asks.
import { portalSessions } from '#shared/composition/partner-portal';
import { logger } from '#shared/observability';
import { loadPortalSession } from '#shared/usecases/partner-portal';
import type { PortalSession } from '#shared/usecases/ports/webhooks';
import { enFrame, type FrameMessageKey } from '#shared/web/messages/en';
import { messagePage, type PageFrame } from '#shared/web/layout';
import { type FrameSource, type PageOutcome, type PageRequest, respond, servePageIn } from '#shared/web/page-handler';
import { clearCookie } from '#shared/web/security';
import { translateWith } from '#shared/web/translate';

export const PORTAL_COOKIE = 'portal';

export interface PortalPageRequest extends PageRequest<FrameMessageKey> {
  session: PortalSession;
  portalFrame: PageFrame<FrameMessageKey>;
}

const english = /* @__PURE__ */ translateWith(enFrame);

export const portalFrame = (request: Pick<PageRequest, 'basePath'>): PageFrame<FrameMessageKey> => ({
  language: 'en',
  t: english,
  basePath: request.basePath,
});

/** Every portal page, its failure page too, is English: no other language is bundled. */
const englishFrames: FrameSource<FrameMessageKey> = (request) => () => portalFrame(request);
const servePortalPage = /* @__PURE__ */ servePageIn(englishFrames);

/** A portal page anyone may open (the link that starts a session). */
export const publicPortalPage = (handle: (request: PageRequest<FrameMessageKey>) => Promise<PageOutcome>) =>
  servePortalPage(async (request) => respond(request, await handle(request)));

const newLinkGuidance = 'Create a new link with POST /webhooks/portal-link (or ask support), then open it.';

/** What a browser without a live portal session sees: how to get a new link. */
export const portalClosedPage = (request: PageRequest<FrameMessageKey>): PageOutcome => ({
  status: 401,
  page: messagePage(portalFrame(request), {
    title: 'Your portal session has ended',
    body: "A portal session lasts 30 minutes from the link that opened it, and ends when you sign out, when the account's API secret is changed or when the account is disabled.",
    guidance: newLinkGuidance,
  }),
  setCookie: clearCookie(PORTAL_COOKIE, request.secure),
});

const refusals = {
  invalid: { status: 400, title: 'This portal link is not valid', body: 'The link is incomplete or was changed. Copy it again in full.' },
  expired: { status: 410, title: 'This portal link has expired', body: 'Portal links work for 5 minutes.' },
  used: { status: 410, title: 'This portal link was already used', body: 'Portal links work once.' },
  revoked: {
    status: 410,
    title: 'This portal link no longer works',
    body: "The account's API secret was changed, or the account was disabled, after the link was made.",
  },
} as const;

/** A link that cannot open the portal; a session the browser already has stays as it is. */
export const portalLinkRefusedPage = (request: PageRequest<FrameMessageKey>, reason: keyof typeof refusals): PageOutcome => {
  const { status, title, body } = refusals[reason];
  return { status, page: messagePage(portalFrame(request), { title, body, guidance: newLinkGuidance }) };
};

export const portalPage = (handle: (request: PortalPageRequest) => Promise<PageOutcome>) =>
  servePortalPage(async (request) => {
    const session = await loadPortalSession({ sessionId: request.cookie(PORTAL_COOKIE) }, portalSessions);
    if (!session) return respond(request, portalClosedPage(request));
    logger.appendKeys({ partner_id: session.partner_id });
    return respond(request, await handle({ ...request, session, portalFrame: portalFrame(request) }));
  });
