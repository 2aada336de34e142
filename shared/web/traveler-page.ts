// web adapter → pages of one traveler: only a live session reaches the page, and it names the one traveler it may see.
import { logger } from '#shared/observability';
import { loadTravelerSession } from '#shared/usecases/traveler-sessions';
import { webSessions } from '#shared/composition/traveler-web';
import { messagePage } from '#shared/web/layout';
import { respond, servePage, type CsrfCheck, type PageOutcome, type PageRequest } from '#shared/web/page-handler';
import { clearCookie, sameSecret, SESSION_COOKIE } from '#shared/web/security';
import type { TravelerSession } from '#shared/usecases/ports/travelers';

export interface SessionPageRequest extends PageRequest {
  session: TravelerSession;
  sessionId: string;
}

/** The page a traveler whose session ended sees: what happened and how to get back in. */
export const sessionEndedPage = (request: PageRequest): PageOutcome => {
  const frame = request.frame();
  const { t } = frame;
  return {
    status: 401,
    page: messagePage(frame, { title: t('sessionExpiredTitle'), body: t('sessionExpiredBody'), guidance: t('backToApp') }),
    setCookie: clearCookie(SESSION_COOKIE, request.secure),
  };
};

/** A page of one traveler: only a live session reaches `handle`, and the session names the one traveler it may see. */
export const travelerPage = (handle: (request: SessionPageRequest) => Promise<PageOutcome>) =>
  servePage(async (request) => {
    const sessionId = request.cookie(SESSION_COOKIE);
    const session = await loadTravelerSession({ sessionId }, webSessions);
    if (!session || !sessionId) return respond(request, sessionEndedPage(request));
    logger.appendKeys({ partner_id: session.partner_id });
    return respond(request, await handle({ ...request, session, sessionId }));
  });

/** The CSRF check of a signed-in traveler's forms: the token issued with the session. */
export const sessionCsrfToken: CsrfCheck<SessionPageRequest> = (request, token) => sameSecret(token, request.session.csrf_token);
