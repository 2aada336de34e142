// GET /promo-codes/claim/{uuid} → the page a claim_url opens: an email form (double-submit CSRF cookie) and what happens next.
import { randomToken } from '#shared/domain/ids';
import { describeClaimPage, UUID_PATTERN } from '#shared/usecases/claim-promo-code-page';
import { webDependencies } from '#shared/composition/traveler-web';
import { publicPage } from '#shared/web/page-handler';
import { claimFormPage, notFoundPage } from '#shared/web/pages';
import { CSRF_COOKIE, setCookie } from '#shared/web/security';

const CSRF_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Long enough to fill in the form at leisure; the cookie is only a CSRF secret. */
export const CLAIM_FORM_TTL_SECONDS = 2 * 60 * 60;

export const handler = publicPage(async (request) => {
  const uuid = request.event.pathParameters?.uuid ?? '';
  const found = UUID_PATTERN.test(uuid) ? await describeClaimPage({ uuid }, webDependencies) : undefined;
  if (!found) return { status: 404, page: notFoundPage(request.frame()) };
  const existing = request.cookie(CSRF_COOKIE);
  const csrfToken = existing && CSRF_PATTERN.test(existing) ? existing : randomToken(32);
  const frame = request.frame({ bookingLocale: found.promo.locale, brand: found.brand });
  return {
    page: claimFormPage(frame, { uuid, csrfToken }),
    brand: found.brand,
    setCookie: setCookie(CSRF_COOKIE, csrfToken, { secure: request.secure, maxAgeSeconds: CLAIM_FORM_TTL_SECONDS }),
  };
});
