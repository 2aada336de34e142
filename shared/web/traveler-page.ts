// web adapter → pages of one traveler: only a live session reaches the page, and it names the one traveler it may see.
import { logger } from '#shared/observability';
import { loadTravelerSession } from '#shared/usecases/traveler-sessions';
import { webSignIns } from '#shared/composition/traveler-web';
import { messagePage } from '#shared/web/layout';
import type { PageTexts } from '#shared/web/i18n';
import type { FrameMessageKey, MessageKey } from '#shared/web/messages/en';
import { respond, servePageWith, type PageOutcome, type PageRequest } from '#shared/web/page-handler';
import { clearCookie, sameSecret, SESSION_COOKIE } from '#shared/web/security';
import type { TravelerSession } from '#shared/usecases/ports/travelers';

export interface SessionPageRequest<K extends string = MessageKey> extends PageRequest<K> {
  session: TravelerSession;
  sessionId: string;
}

/**
 * The page a traveler without a live session sees: what happened and how to get back in. With a session cookie it
 * ended (time, or another sign-in); without one the traveler signed out or never signed in on this browser.
 */
export const sessionEndedPage = (request: PageRequest<FrameMessageKey>, hadSession = true): PageOutcome => {
  const frame = request.frame();
  const { t } = frame;
  const [title, body] = hadSession ? (['sessionExpiredTitle', 'sessionExpiredBody'] as const) : (['signedOutTitle', 'notSignedInBody'] as const);
  return {
    status: 401,
    page: messagePage(frame, { title: t(title), body: t(body), guidance: t('backToApp') }),
    setCookie: clearCookie(SESSION_COOKIE, request.secure),
  };
};

/** A page of one traveler: only a live session reaches `handle`, and the session names the one traveler it may see. */
export const travelerPage = <K extends string>(
  texts: PageTexts<K | FrameMessageKey>,
  handle: (request: SessionPageRequest<K | FrameMessageKey>) => Promise<PageOutcome>,
) =>
  servePageWith(texts)(async (request) => {
    const sessionId = request.cookie(SESSION_COOKIE);
    const session = await loadTravelerSession({ sessionId }, webSignIns);
    if (!session || !sessionId) return respond(request, sessionEndedPage(request, sessionId !== undefined));
    logger.appendKeys({ partner_id: session.partner_id });
    return respond(request, await handle({ ...request, session, sessionId }));
  });

/** The CSRF check of a signed-in traveler's forms: the token issued with the session. */
export const sessionCsrfToken = <R extends SessionPageRequest<FrameMessageKey>>(request: R, token: string | undefined): boolean =>
  sameSecret(token, request.session.csrf_token);
