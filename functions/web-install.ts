// GET /app/install → how to install the traveler's current eSIM on this device (or the one chosen in the picker).
import { showInstallInstructions } from '#shared/usecases/traveler-install';
import { chooseLanguage, installTexts } from '#shared/web/i18n';
import { chosenDevice, rendererDevice } from '#shared/web/device';
import { secretCipherOnFirstUse } from '#shared/composition/secret-cipher-on-first-use';
import { webBrandStore, webTravelers } from '#shared/composition/traveler-web';
import { installPage } from '#shared/web/install-page';
import { travelerPage } from '#shared/web/traveler-page';

export const handler = travelerPage(installTexts, async (request) => {
  const device = chosenDevice(request.event.queryStringParameters, request.headers['user-agent']);
  const acceptLanguage = request.headers['accept-language'];
  const { instructions, brand, locale } = await showInstallInstructions(
    {
      session: request.session,
      languageFor: (bookingLocale) => chooseLanguage({ bookingLocale, acceptLanguage }),
      device: (language) => rendererDevice(device, { other: installTexts(language)('deviceOtherName') }),
      brandFallback: (language) => installTexts(language)('installBrandFallback'),
    },
    { esims: webTravelers, brands: webBrandStore, cipher: secretCipherOnFirstUse }, // only an eSIM asking for a confirmation code builds it (F143)
  );
  const frame = request.frame({ bookingLocale: locale, brand });
  return { page: installPage(frame, { instructions, device }), brand };
});
