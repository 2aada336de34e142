// GET /portal/start?token=… → trades a single-use portal link for a portal session, then 303 to /portal.
import { portalSessions } from '#shared/composition/partner-portal';
import { tokenSigner } from '#shared/composition/token-signer';
import { openPortal, PORTAL_SESSION_TTL_SECONDS } from '#shared/usecases/partner-portal';
import { PORTAL_COOKIE, portalLinkRefusedPage, publicPortalPage } from '#shared/web/portal-handler';
import { portalPath } from '#shared/web/portal-page';
import { setCookie } from '#shared/web/security';

export const handler = publicPortalPage(async (request) => {
  const opening = await openPortal({ token: request.event.queryStringParameters?.token }, { ...portalSessions, signer: tokenSigner });
  if (!opening.ok) return portalLinkRefusedPage(request, opening.reason);
  return {
    redirect: portalPath(request.basePath),
    setCookie: setCookie(PORTAL_COOKIE, opening.sessionId, { secure: request.secure, maxAgeSeconds: PORTAL_SESSION_TTL_SECONDS }),
  };
});
