// GET /promo-codes/claim/{uuid} → the page a claim_url opens: an email form (CSRF token signed over the visit's cookie nonce) and what happens next.
import { randomToken } from '#shared/domain/ids';
import { isUuid } from '#shared/domain/uuid';
import { CLAIM_FORM_TTL_SECONDS, describeClaimPage, isVisitNonce, issueClaimFormToken } from '#shared/usecases/claim-promo-code-page';
import { tokenSigner } from '#shared/composition/token-signer';
import { wallClock } from '#shared/clock';
import { webBrandStore, webPromoCodes } from '#shared/composition/traveler-web';
import { claimTexts } from '#shared/web/i18n';
import { publicPage } from '#shared/web/page-handler';
import { claimFormPage, claimOutcomePage, notFoundPage } from '#shared/web/pages';
import { CSRF_COOKIE, setCookie } from '#shared/web/security';

export const handler = publicPage(claimTexts, async (request) => {
  const uuid = request.event.pathParameters?.uuid ?? '';
  const found = isUuid(uuid) ? await describeClaimPage({ uuid }, { promoCodes: webPromoCodes, brands: webBrandStore }) : undefined;
  if (!found) return { status: 404, page: notFoundPage(request.frame()) };
  if (found.promo.taken) {
    // No form for a code that can no longer be claimed: the page says why at once, in the booking's language and brand.
    const { page } = claimOutcomePage(request.frame({ bookingLocale: found.promo.locale, brand: found.brand }), `already_${found.promo.taken}`);
    return { page, brand: found.brand };
  }
  const existing = request.cookie(CSRF_COOKIE);
  const nonce = isVisitNonce(existing) ? existing : randomToken(32);
  const csrfToken = await issueClaimFormToken({ uuid, nonce }, { signer: tokenSigner, clock: wallClock });
  const frame = request.frame({ bookingLocale: found.promo.locale, brand: found.brand });
  return {
    page: claimFormPage(frame, { uuid, csrfToken }),
    brand: found.brand,
    setCookie: setCookie(CSRF_COOKIE, nonce, { secure: request.secure, maxAgeSeconds: CLAIM_FORM_TTL_SECONDS }),
  };
});
