// GET /app/start?token=… → trades a single-use redirect token for a session, then 303 to /app (no secret stays in the URL).
import { tokenSigner } from '#shared/composition/token-signer';
import { exchangeRedirectToken, SESSION_TTL_SECONDS } from '#shared/usecases/traveler-sessions';
import { webSignIns } from '#shared/composition/traveler-web';
import { publicMessagePage } from '#shared/web/page-handler';
import { exchangeFailurePage } from '#shared/web/pages';
import { SESSION_COOKIE, setCookie } from '#shared/web/security';

const statusOf = { invalid: 400, expired: 410, used: 410 } as const;

export const handler = publicMessagePage(async (request) => {
  const outcome = await exchangeRedirectToken({ token: request.event.queryStringParameters?.token }, { ...webSignIns, signer: tokenSigner });
  if (!outcome.ok) return { status: statusOf[outcome.reason], page: exchangeFailurePage(request.frame(), outcome.reason) };
  return {
    redirect: `${request.basePath}/app`,
    setCookie: setCookie(SESSION_COOKIE, outcome.sessionId, { secure: request.secure, maxAgeSeconds: SESSION_TTL_SECONDS }),
  };
});
