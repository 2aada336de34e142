// POST /app/sign-out → ends the session (CSRF-checked form) and says so.
import { endTravelerSession } from '#shared/usecases/traveler-sessions';
import { webSessions } from '#shared/composition/traveler-web';
import { messagePage } from '#shared/web/layout';
import { postedForm } from '#shared/web/page-handler';
import { frameTexts } from '#shared/web/i18n';
import { sessionCsrfToken, travelerPage } from '#shared/web/traveler-page';
import { clearCookie, SESSION_COOKIE } from '#shared/web/security';

export const handler = travelerPage(
  frameTexts,
  postedForm(
    sessionCsrfToken,
    async (request) => {
      await endTravelerSession({ sessionId: request.sessionId }, webSessions);
      const frame = request.frame();
      return {
        page: messagePage(frame, { title: frame.t('signedOutTitle'), body: frame.t('signedOutBody') }),
        setCookie: clearCookie(SESSION_COOKIE, request.secure),
      };
    },
    { back: (request) => ({ href: `${request.basePath}/app`, label: request.frame().t('backHome') }) },
  ),
);
