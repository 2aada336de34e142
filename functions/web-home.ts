// GET /app → the traveler's home: their packages, under their partner's brand and in their language.
import { showTravelerHomePage } from '#shared/usecases/traveler-home';
import { webBrandStore, webCatalog, webTravelers } from '#shared/composition/traveler-web';
import { homeTexts } from '#shared/web/i18n';
import { travelerPage } from '#shared/web/traveler-page';
import { homePage } from '#shared/web/pages';
import { esimReference } from '#shared/web/esim-reference';

export const handler = travelerPage(homeTexts, async (request) => {
  const { view, brand, regionNames } = await showTravelerHomePage(
    { session: request.session },
    { home: webTravelers, brands: webBrandStore, catalog: webCatalog },
  );
  const frame = request.frame({ bookingLocale: view.locale, brand });
  // After a redemption (303 from POST /app/redeem): say it is done; the package shows on the eSIM.
  const redeemed = request.event.queryStringParameters?.redeemed === '1';
  return {
    page: homePage(frame, {
      view,
      regionNames,
      csrfToken: request.session.csrf_token,
      esimReference: (iccid) => esimReference(request.sessionId, iccid),
      redeemed,
    }),
    brand,
  };
});
