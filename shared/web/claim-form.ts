// web adapter → the claim form's submission: CSRF check, email check, then the promo-code claim use case (port).
import * as v from 'valibot';
import { describeClaimPage, UUID_PATTERN, type ClaimPromoCode } from '#shared/usecases/claim-promo-code-page';
import { webDependencies } from '#shared/composition/traveler-web';
import { postedForm, publicPage } from '#shared/web/page-handler';
import { claimFormPage, claimOutcomePage, notFoundPage } from '#shared/web/pages';
import { CSRF_COOKIE, sameSecret } from '#shared/web/security';

const EmailSchema = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(254), v.email());

/**
 * The claim form's submission: the CSRF token (the claim page's cookie) checked by postedForm, the email here, the
 * claim itself through the bound port.
 */
export const claimFormHandler = (claim: ClaimPromoCode) =>
  publicPage(postedForm((request, token) => sameSecret(token, request.cookie(CSRF_COOKIE)), async (request, form) => {
    const uuid = request.event.pathParameters?.uuid ?? '';
    const found = UUID_PATTERN.test(uuid) ? await describeClaimPage({ uuid }, webDependencies) : undefined;
    if (!found) return { status: 404, page: notFoundPage(request.frame()) };
    const { brand } = found;
    const frame = request.frame({ bookingLocale: found.promo.locale, brand });
    const csrfToken = request.cookie(CSRF_COOKIE);
    const email = v.safeParse(EmailSchema, form.get('email') ?? '');
    if (!email.success) {
      const typed = (form.get('email') ?? '').slice(0, 254);
      return { status: 400, brand, page: claimFormPage(frame, { uuid, csrfToken: csrfToken ?? '', email: typed, emailError: true }) };
    }
    const outcome = await claim.claim({ uuid, email: email.output, clientAddress: request.event.requestContext?.identity?.sourceIp ?? '' });
    return { ...claimOutcomePage(frame, outcome), brand };
  }));
