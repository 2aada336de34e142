// POST /app/shop/checkout → buys one bundle for the session traveler (CSRF checked first; the form's nonce makes a
// double submission charge once), then the short page that says what happens next.
import { showTravelerHome } from '#shared/usecases/traveler-home';
import { CHECKOUT_NONCE, checkoutBundle } from '#shared/usecases/web-shop';
import { webBrandStore, webTravelers } from '#shared/composition/traveler-web';
import { postedForm } from '#shared/web/page-handler';
import { shopDependencies } from '#shared/composition/shop';
import { checkoutDonePage, checkoutRefusedPage } from '#shared/web/shop-page';
import { shopTexts } from '#shared/web/i18n';
import { esimReference } from '#shared/web/esim-reference';
import { sessionCsrfToken, travelerPage } from '#shared/web/traveler-page';

const FIELD = /^[A-Za-z0-9_-]{1,64}$/;

export const handler = travelerPage(
  shopTexts,
  postedForm(
    sessionCsrfToken,
    async (request, form) => {
      const { view: home, brand } = await showTravelerHome({ session: request.session }, { home: webTravelers, brands: webBrandStore });
      const frame = request.frame({ bookingLocale: home.locale, brand });
      const [nonce, destinationId, bundleId] = [form.get('nonce') ?? '', form.get('destination') ?? '', form.get('bundle') ?? ''];
      if (!CHECKOUT_NONCE.test(nonce) || !FIELD.test(destinationId) || !FIELD.test(bundleId)) {
        return { status: 400, brand, page: checkoutRefusedPage(frame, 'invalid') };
      }
      const outcome = await checkoutBundle({ session: request.session, destinationId, bundleId, nonce }, shopDependencies);
      if (!outcome.ok) return { status: 404, brand, page: checkoutRefusedPage(frame, 'gone') };
      return { brand, page: checkoutDonePage(frame, outcome, (iccid) => esimReference(request.sessionId, iccid)) };
    },
    { back: (request) => ({ href: `${request.basePath}/app/shop`, label: request.frame().t('shopBack') }) },
  ),
);
