// GET /app/install → how to install the traveler's current eSIM on this device (or the one chosen in the picker).
import { showInstallInstructions } from '#shared/usecases/traveler-install';
import { chooseLanguage, translator } from '#shared/web/i18n';
import { chosenDevice, rendererDevice } from '#shared/web/device';
import { webDependencies } from '#shared/composition/traveler-web';
import { installPage } from '#shared/web/install-page';
import { travelerPage } from '#shared/web/traveler-page';

// Only an eSIM that asks for a confirmation code loads the cipher (decision F143); other pages never do.
const cipher = async () => (await import('#shared/composition/secret-cipher')).secretCipher;

export const handler = travelerPage(async (request) => {
  const device = chosenDevice(request.event.queryStringParameters, request.headers['user-agent']);
  const acceptLanguage = request.headers['accept-language'];
  const { instructions, brand, locale } = await showInstallInstructions(
    {
      session: request.session,
      languageFor: (bookingLocale) => chooseLanguage({ bookingLocale, acceptLanguage }),
      device: (language) => rendererDevice(device, { other: translator(language)('deviceOtherName') }),
      brandFallback: (language) => translator(language)('installBrandFallback'),
    },
    { ...webDependencies, cipher },
  );
  const frame = request.frame({ bookingLocale: locale, brand });
  return { page: installPage(frame, { instructions, device }), brand };
});
