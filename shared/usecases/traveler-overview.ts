// use case → what the native app shows a traveler: its pending grants, current eSIM and that eSIM's packages.
import type { InferOutput as Out } from 'valibot';
import type { EsimViewSchema, PackageViewSchema, UserDashboardResponseSchema } from '#shared/domain/traveler-response-schemas';
import { dataPercent, durationPercent, universalEsim, usageMeasure, type Esim, type Traveler, type TravelerPackage } from '#shared/domain/traveler';
import { NotFoundError } from '#shared/errors';
import { entryState } from '#shared/domain/booking';
import { travelerWithQueueEntries } from '#shared/usecases/classic-grants';
import { destinationOf, needsDefaultSize } from '#shared/domain/package-specification';
import { defaultPackageSize } from '#shared/domain/partner';
import { brandingOf, safeBranding } from '#shared/domain/install/instructions';
import type { LifecycleLookups } from '#shared/usecases/ports/lifecycle';
import type { BrandDirectory } from '#shared/usecases/ports/partners';

export type TravelerOverviewDeps = LifecycleLookups & { brands: Pick<BrandDirectory, 'resolve'> };

export const esimView = (esim: Esim): Out<typeof EsimViewSchema> => ({
  iccid: esim.iccid,
  esim_type: esim.kind,
  status: esim.state,
  is_installed: esim.state === 'installed',
  activation_code: esim.activation_code,
  destination: esim.destination,
  created_at: esim.created_at,
});

/**
 * The data meter's share: data used where there is an allowance, the validity elapsed where usage is measured by
 * time, the further of the two for a time-limited package (either limit ends it), and 100 once depleted.
 */
const meterPercent = (pkg: TravelerPackage, now: Date): number => {
  if (pkg.state === 'depleted') return 100;
  const dataShare = pkg.usage_reported_at ? Math.min(100, dataPercent(pkg)) : 0;
  return usageMeasure(pkg) === 'duration' ? Math.max(dataShare, durationPercent(pkg, now)) : dataShare;
};

/** Past its `expires_at` an active package reads expired at once, before the sweeper records it (as grants do, F27). */
const stateAt = (pkg: TravelerPackage, now: Date): TravelerPackage['state'] =>
  pkg.state === 'active' && pkg.expires_at !== null && Date.parse(pkg.expires_at) <= now.getTime() ? 'expired' : pkg.state;

/** Data left to use: none once the package expired (what it did not use ended with it), null without an allowance. */
const remainingBytes = (pkg: TravelerPackage, status: TravelerPackage['state']): number | null =>
  pkg.size_bytes === null ? null : status === 'expired' ? 0 : Math.max(0, pkg.size_bytes - pkg.used_bytes);

export const packageView = (pkg: TravelerPackage, now: Date): Out<typeof PackageViewSchema> => ({
  package_id: pkg.package_id,
  iccid: pkg.iccid,
  status: stateAt(pkg, now),
  package_type: pkg.package_type,
  destination: pkg.destination,
  size: pkg.size,
  package_duration: pkg.duration_days,
  used_bytes: pkg.used_bytes,
  remaining_bytes: remainingBytes(pkg, stateAt(pkg, now)),
  usage_percent: meterPercent(pkg, now),
  activated_at: pkg.activated_at,
  expires_at: pkg.expires_at,
  package_queue_uuid: pkg.package_queue_uuid,
  promo_code_id: pkg.promo_code_id,
});

/** The eSIM the app shows: the universal one, else the newest classic eSIM. */
export const currentEsim = (traveler: Traveler | undefined): Esim | null => (traveler && (universalEsim(traveler) ?? traveler.esims.at(-1))) || null;

/** The packages on one of the traveler's eSIMs. */
export const esimPackages = (traveler: Traveler | undefined, esim: Esim | null, now: Date) =>
  esim && traveler ? traveler.packages.filter((p) => p.iccid === esim.iccid).map((p) => packageView(p, now)) : [];

export const currentEsimPackages = (traveler: Traveler | undefined, now: Date) => esimPackages(traveler, currentEsim(traveler), now);

/** The eSIM `iccid` names among the traveler's (404 esim_not_found for another), else the current one. */
export const chosenEsim = (traveler: Traveler | undefined, iccid: string | undefined): Esim | null => {
  if (iccid === undefined) return currentEsim(traveler);
  const found = traveler?.esims.find((esim) => esim.iccid === iccid);
  if (!found) throw new NotFoundError(`This traveler has no eSIM ${iccid}: leave iccid out for the current one.`, 'esim_not_found');
  return found;
};

type Granted = Awaited<ReturnType<typeof travelerWithQueueEntries>>['entries'];

/** The booking that granted an eSIM: the one it was redeemed from, else the one that first named the traveler. */
export const bookingIdBehind = (traveler: Traveler, esim: Esim): string | null => esim.booking_id ?? traveler.attribution?.booking_id ?? null;

/**
 * The booking whose brand a traveler's screens show (F164), in the app and in the web app alike: the shown eSIM's;
 * with no eSIM yet, the newest pending grant's.
 */
export const brandingBooking = async (
  partnerId: string,
  shown: { traveler: Traveler | undefined; esim: Esim | null; entries: Granted },
  now: Date,
  deps: Pick<LifecycleLookups, 'bookings'>,
) => {
  if (!shown.traveler || !shown.esim) {
    return shown.entries
      .filter(({ entry }) => entryState(entry, now) === 'pending')
      .reduce<Granted[number] | undefined>(
        (newest, granted) => (newest && newest.entry.created_at >= granted.entry.created_at ? newest : granted),
        undefined,
      )?.booking;
  }
  const bookingId = bookingIdBehind(shown.traveler, shown.esim);
  if (!bookingId) return undefined;
  return shown.entries.find((granted) => granted.booking.id === bookingId)?.booking ?? (await deps.bookings.get(partnerId, bookingId));
};

/**
 * Input: partner, the traveler's external_user_id and optionally one of its eSIMs' `iccid`. Output: the dashboard's
 * `user`, `package_queues` (pending entries; `id` is what POST /native/redeem-package takes), `current_esim`,
 * `current_esim_packages` (of the eSIM `iccid` names, else of the current one) and `partner` with its branding: the
 * brand of the booking that granted the shown eSIM (for a traveler with no eSIM yet, of the newest pending grant's
 * booking), else the partner's default brand, else its name in the default colors, as the install instructions
 * choose it (decision F164). Reads only. A traveler
 * with nothing yet (never named, no grants) gets an empty dashboard, not an error (issue 7, decision 28); an `iccid`
 * not the traveler's → 404 esim_not_found.
 */
export const travelerOverview = async (
  input: { partnerId: string; externalUserId: string; iccid?: string },
  deps: TravelerOverviewDeps,
): Promise<Out<typeof UserDashboardResponseSchema>> => {
  const now = deps.clock.now();
  const { traveler, entries } = await travelerWithQueueEntries(deps, input.partnerId, input.externalUserId);
  const identity = { external_user_id: input.externalUserId, email: traveler?.email ?? null };
  const partner = await deps.partners.getProfile(input.partnerId);
  if (!partner) throw new NotFoundError('Partner not found.');
  const esim = chosenEsim(traveler, input.iccid);
  const pending = entries.filter(({ entry }) => entryState(entry, now) === 'pending');
  const booking = await brandingBooking(input.partnerId, { traveler, esim, entries }, now, deps);
  const brand = await deps.brands.resolve(input.partnerId, booking?.custom_branding ?? null);
  return {
    user: {
      user_id: traveler?.user_id ?? null,
      external_user_id: input.externalUserId,
      email: traveler?.email ?? identity.email,
      created_at: traveler?.created_at ?? null,
    },
    package_queues: pending.map(({ booking, entry }) => ({
      id: entry.uuid,
      uuid: entry.uuid,
      booking_id: booking.id,
      esim_type: entry.esim_type,
      status: entryState(entry, now),
      package_type: entry.package_specification.package_type,
      // The size it will be provisioned with: the partner's default for a grant that names none (F145).
      size: needsDefaultSize(entry.package_specification) ? defaultPackageSize(partner) : entry.package_specification.size,
      package_duration: entry.package_specification.package_duration,
      destination: destinationOf(entry.package_specification),
      expires_at: entry.expires_at,
      promo_code_id: entry.promo_code_uuid,
      created_at: entry.created_at,
    })),
    current_esim: esim ? esimView(esim) : null,
    current_esim_packages: esimPackages(traveler, esim, now),
    partner: { partner_id: partner.partner_id, name: partner.name, branding: safeBranding(brandingOf(brand, partner.name)) },
  };
};
