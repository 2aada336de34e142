// web adapter → the claim form's submission: CSRF check (token signed over the cookie's visit nonce), email check,
// then the promo-code claim use case (port).
import * as v from 'valibot';
import { emailAddress } from '#shared/domain/schema-fields';
import { isUuid } from '#shared/domain/uuid';
import { describeClaimPage, isClaimFormTokenValid, type ClaimPromoCode } from '#shared/usecases/claim-promo-code-page';
import { tokenSigner } from '#shared/composition/token-signer';
import { wallClock } from '#shared/clock';
import { webBrandStore, webPromoCodes } from '#shared/composition/traveler-web';
import { claimTexts } from '#shared/web/i18n';
import { postedForm, publicPage } from '#shared/web/page-handler';
import { claimFormPage, claimOutcomePage, notFoundPage } from '#shared/web/pages';
import { CSRF_COOKIE, CSRF_FIELD } from '#shared/web/security';

const EmailSchema = emailAddress('email');

/**
 * The claim form's submission: the CSRF token (signed over the claim page's visit nonce and this code, F61) checked
 * by postedForm, the email here, the claim itself through the bound port.
 */
export const claimFormHandler = (claim: ClaimPromoCode) =>
  publicPage(
    claimTexts,
    postedForm(
      (request, token) =>
        isClaimFormTokenValid(
          { uuid: request.event.pathParameters?.uuid ?? '', nonce: request.cookie(CSRF_COOKIE), token },
          { signer: tokenSigner, clock: wallClock },
        ),
      async (request, form) => {
        const uuid = request.event.pathParameters?.uuid ?? '';
        const found = isUuid(uuid) ? await describeClaimPage({ uuid }, { promoCodes: webPromoCodes, brands: webBrandStore }) : undefined;
        if (!found) return { status: 404, page: notFoundPage(request.frame()) };
        const { brand } = found;
        const frame = request.frame({ bookingLocale: found.promo.locale, brand });
        const email = v.safeParse(EmailSchema, form.get('email') ?? '');
        if (!email.success) {
          const typed = (form.get('email') ?? '').slice(0, 254);
          return { status: 400, brand, page: claimFormPage(frame, { uuid, csrfToken: form.get(CSRF_FIELD) ?? '', email: typed, emailError: true }) };
        }
        const outcome = await claim.claim({ uuid, email: email.output, clientAddress: request.event.requestContext?.identity?.sourceIp ?? '' });
        return { ...claimOutcomePage(frame, outcome, email.output), brand };
      },
    ),
  );
