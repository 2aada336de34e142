// use case → the install page: the session traveler's current eSIM as device-specific install instructions,
// rendered by the same instructions renderer as POST /native/instructions (shared/domain/install).
import type { Brand } from '#shared/domain/brand';
import { buildInstructions, type InstructionsDocument, type InstructionsInput } from '#shared/domain/install/instructions';
import type { BrandDirectory, SecretCipher } from '#shared/usecases/ports/partners';
import { confirmationCodeOf } from '#shared/usecases/confirmation-codes';
import type { TravelerSession, TravelerEsimSource } from '#shared/usecases/ports/travelers';

export interface ShowInstallInput<Language extends string> {
  session: TravelerSession;
  /** One of the traveler's eSIMs (a classic eSIM claimed beside the current one); the current one when absent. */
  iccid?: string;
  /** The page language, chosen from the booking's locale (the web app's rule). */
  languageFor(bookingLocale: string | null): Language;
  /** The device in that language (an unnamed phone is named in it). */
  device(language: Language): InstructionsInput['device'];
  /** The brand name the steps speak of when the partner has none, in that language. */
  brandFallback(language: Language): string;
}

/**
 * Input: session, device and optionally which eSIM. Output: the instructions (null without an eSIM yet), the brand
 * and the booking locale. An `iccid` that is not the session traveler's is 404 esim_not_found.
 */
export const showInstallInstructions = async <Language extends string>(
  input: ShowInstallInput<Language>,
  deps: { esims: TravelerEsimSource; brands: Pick<BrandDirectory, 'resolve'>; cipher: () => Promise<Pick<SecretCipher, 'decrypt'>> },
): Promise<{ instructions: InstructionsDocument | null; brand: Brand | undefined; locale: string | null; destination: string | null }> => {
  const { partner_id: partnerId, external_user_id: externalUserId } = input.session;
  const { esim, locale, brandId } = await deps.esims.loadCurrentEsim(partnerId, externalUserId, input.iccid);
  const brand = await deps.brands.resolve(partnerId, brandId);
  if (!esim) return { instructions: null, brand, locale, destination: null };
  const language = input.languageFor(locale);
  const instructions = await buildInstructions({
    activationCode: esim.activation_code,
    // The session's own traveler's eSIM: the cipher is loaded only when it asks for a confirmation code.
    confirmationCode: esim.confirmation_code_ciphertext ? await confirmationCodeOf(await deps.cipher(), partnerId, esim) : null,
    iccid: esim.iccid,
    esimStatus: esim.status,
    device: input.device(language),
    locale: language,
    branding: { name: brand?.name ?? input.brandFallback(language), colors: null, logo_url: null },
  });
  return { instructions, brand, locale, destination: esim.destination };
};
