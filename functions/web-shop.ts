// GET /app/shop?destination=… → the catalog's destinations and the chosen one's bundles, each with a checkout form.
import { randomToken } from '#shared/domain/ids';
import { showTravelerHome } from '#shared/usecases/traveler-home';
import { showShop } from '#shared/usecases/web-shop';
import { webBrandStore, webCatalog, webTravelers } from '#shared/composition/traveler-web';
import { shopPage } from '#shared/web/shop-page';
import { shopTexts } from '#shared/web/i18n';
import { travelerPage } from '#shared/web/traveler-page';

export const handler = travelerPage(shopTexts, async (request) => {
  const [{ view: home, brand }, view] = await Promise.all([
    showTravelerHome({ session: request.session }, { home: webTravelers, brands: webBrandStore }),
    showShop({ destinationId: request.event.queryStringParameters?.destination?.slice(0, 64) }, { catalog: webCatalog }),
  ]);
  const frame = request.frame({ bookingLocale: home.locale, brand });
  // A fresh nonce per rendered page: the payment's idempotency key, so a double submission charges once.
  return { page: shopPage(frame, { view, csrfToken: request.session.csrf_token, nonce: randomToken(18) }), brand };
});
