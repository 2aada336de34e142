// POST /app/sign-out → ends the session (CSRF-checked form) and says so.
import { endTravelerSession } from '#shared/usecases/traveler-sessions';
import { webDependencies } from '#shared/composition/traveler-web';
import { messagePage } from '#shared/web/layout';
import { formExpiredPage, readForm } from '#shared/web/page-handler';
import { travelerPage } from '#shared/web/traveler-page';
import { clearCookie, CSRF_FIELD, isCrossSite, sameSecret, SESSION_COOKIE } from '#shared/web/security';

export const handler = travelerPage(async (request) => {
  const form = readForm(request);
  if (isCrossSite(request.headers) || !sameSecret(form.get(CSRF_FIELD) ?? undefined, request.session.csrf_token)) {
    return formExpiredPage(request);
  }
  await endTravelerSession({ sessionId: request.sessionId }, webDependencies);
  const frame = request.frame();
  return {
    page: messagePage(frame, { title: frame.t('signedOutTitle'), body: frame.t('signedOutBody') }),
    setCookie: clearCookie(SESSION_COOKIE, request.secure),
  };
});
