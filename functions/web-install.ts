// GET /app/install → how to install the traveler's current eSIM (or the one the sealed `esim` reference names) on this
// device (or the one chosen in the picker).
import { showInstallInstructions } from '#shared/usecases/traveler-install';
import { chooseLanguage, installTexts } from '#shared/web/i18n';
import { chosenDevice, rendererDevice } from '#shared/web/device';
import { secretCipherOnFirstUse } from '#shared/composition/secret-cipher-on-first-use';
import { webBrandStore, webTravelers } from '#shared/composition/traveler-web';
import { installPage } from '#shared/web/install-page';
import { travelerPage } from '#shared/web/traveler-page';
import { notFoundPage } from '#shared/web/pages';
import { AppError } from '#shared/errors';
import { iccidOfReference } from '#shared/web/esim-reference';

/** An ICCID as the home page links it, sealed; anything else names no eSIM of the traveler's. */
const ICCID = /^\d{18,22}$/;

export const handler = travelerPage(installTexts, async (request) => {
  const query = request.event.queryStringParameters;
  const device = chosenDevice(query, request.headers['user-agent']);
  const acceptLanguage = request.headers['accept-language'];
  // The link names the eSIM by a reference sealed with this session, never by its ICCID (no traveler data in URLs).
  const reference = query?.esim;
  const iccid = reference === undefined ? undefined : iccidOfReference(request.sessionId, reference);
  if (reference !== undefined && (iccid === undefined || !ICCID.test(iccid))) {
    return { status: 404, page: notFoundPage(request.frame(), { home: true }) };
  }
  const shown = await showInstallInstructions(
    {
      session: request.session,
      iccid,
      languageFor: (bookingLocale) => chooseLanguage({ bookingLocale, acceptLanguage }),
      device: (language) => {
        const t = installTexts(language);
        return rendererDevice(device, { android: t('deviceAndroidName'), other: t('deviceOtherName') });
      },
      brandFallback: (language) => installTexts(language)('installBrandFallback'),
    },
    { esims: webTravelers, brands: webBrandStore, cipher: secretCipherOnFirstUse }, // only an eSIM asking for a confirmation code builds it (F143)
  ).catch((error: unknown) => {
    // Another traveler's eSIM, or one that does not exist: the same 404 for both.
    if (error instanceof AppError && error.code === 'esim_not_found') return undefined;
    throw error;
  });
  if (!shown) return { status: 404, page: notFoundPage(request.frame(), { home: true }) };
  const { instructions, brand, locale, destination } = shown;
  const frame = request.frame({ bookingLocale: locale, brand });
  return { page: installPage(frame, { instructions, device, esim: reference, destination }), brand };
});
