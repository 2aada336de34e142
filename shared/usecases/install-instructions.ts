// use case → install instructions for a traveler's current eSIM on the device the app runs on (POST /native/instructions).
import { brandingOf, renderInstructions, type InstructionFormat } from '#shared/domain/install/instructions';
import { resolveLocale, type ServedLocale } from '#shared/domain/locale';
import { NotFoundError } from '#shared/errors';
import { bookingIdBehind, chosenEsim } from '#shared/usecases/traveler-overview';
import { travelerNotFound } from '#shared/usecases/travelers';
import type { LifecycleLookups } from '#shared/usecases/ports/lifecycle';
import type { BrandDirectory, SecretCipher } from '#shared/usecases/ports/partners';
import { confirmationCodeOf } from '#shared/usecases/confirmation-codes';

export interface InstallInstructionsRequest {
  partnerId: string;
  externalUserId: string;
  /** One of the traveler's eSIMs; the dashboard's current eSIM when left out. */
  iccid?: string;
  device: { name: string; os: string; osVersion: string; deviceType?: string | null };
  /** The language the request asked for; without one, the granting booking's `locale`, else English (decision F166). */
  locale?: ServedLocale;
  format: InstructionFormat;
}

export type InstallInstructionsDeps = Pick<LifecycleLookups, 'travelers' | 'bookings' | 'partners'> & {
  brands: Pick<BrandDirectory, 'resolve'>;
  /** Decrypts the eSIM's confirmation code; called only for an eSIM that requires one. */
  cipher: Pick<SecretCipher, 'decrypt'>;
};

const esimNotFound = () => new NotFoundError('This traveler has no eSIM yet: redeem or buy a package first.', 'esim_not_found');

/** Known to the service (stored, or a booking grants it a package) → esim_not_found; otherwise user_not_found (decision 28). */
const noEsim = async (deps: Pick<LifecycleLookups, 'travelers'>, partnerId: string, externalUserId: string, stored: boolean) =>
  stored || (await deps.travelers.queueRefs(partnerId, externalUserId)).length > 0 ? esimNotFound() : travelerNotFound();

/**
 * Input: partner, traveler, device, requested locale and format. Output: the rendered instructions (decision F37).
 * The eSIM is the one `iccid` names (a claimed classic eSIM beside the universal one), else the one the dashboard
 * shows (universal, else the newest classic). Branding: the brand named by
 * the booking that granted the eSIM (`custom_branding`), else the partner's default brand, else the partner's
 * name with the default colors. An eSIM that requires a confirmation code gets a step naming it (decrypted here,
 * for this partner's traveler only). Unknown traveler → 404 user_not_found; a traveler without an eSIM (stored, or
 * named by a booking's grant) → 404 esim_not_found.
 */
export const installInstructions = async (input: InstallInstructionsRequest, deps: InstallInstructionsDeps) => {
  const traveler = await deps.travelers.findByExternalUserId(input.partnerId, input.externalUserId);
  const esim = traveler ? chosenEsim(traveler, input.iccid) : null;
  if (!traveler || !esim) throw await noEsim(deps, input.partnerId, input.externalUserId, traveler !== undefined);
  const bookingId = bookingIdBehind(traveler, esim);
  const booking = bookingId ? await deps.bookings.get(input.partnerId, bookingId) : undefined;
  const brand = await deps.brands.resolve(input.partnerId, booking?.custom_branding ?? null);
  const branding = brandingOf(brand, brand ? brand.name : await partnerName(deps, input.partnerId));
  return renderInstructions({
    activationCode: esim.activation_code,
    confirmationCode: await confirmationCodeOf(deps.cipher, input.partnerId, esim),
    iccid: esim.iccid,
    esimStatus: esim.state,
    device: input.device,
    locale: input.locale ?? resolveLocale(booking?.locale ?? undefined, undefined),
    branding,
    format: input.format,
  });
};

const partnerName = async (deps: Pick<LifecycleLookups, 'partners'>, partnerId: string) => {
  const partner = await deps.partners.getProfile(partnerId);
  if (!partner) throw new NotFoundError('Partner not found.');
  return partner.name;
};
