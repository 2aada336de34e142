// use case → the web app's traveler ports bound to the traveler lifecycle: who a redirect token is for, and what the
// home page shows (the traveler's package queue entries from their bookings).
import { entryState } from '#shared/domain/booking';
import { defaultPackageSize } from '#shared/domain/partner';
import { needsDefaultSize } from '#shared/domain/package-specification';
import { ConflictError } from '#shared/errors';
import { queueEntriesOf } from '#shared/usecases/classic-grants';
import { brandingBooking, chosenEsim, currentEsim, esimPackages } from '#shared/usecases/traveler-overview';
import { ensureTraveler, touched, withExternalUserId } from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import type { CurrentEsimView, TravelerHomeSource, TravelerHomeView, TravelerEsimSource, TravelerDirectory } from '#shared/usecases/ports/travelers';

type Deps = Pick<LifecycleDeps, 'travelers' | 'bookings' | 'clock'>;

const travelerAmbiguous = (externalUserIds: string[]) =>
  new ConflictError(
    'traveler_ambiguous',
    `Your bookings give this email to several travelers (external_user_id ${externalUserIds.slice(0, 5).join(', ')}): send the traveler's external_user_id instead.`,
  );

type TravelerOf = Parameters<typeof currentEsim>[0];
type EsimOf = NonNullable<ReturnType<typeof currentEsim>>;

/** One eSIM as the home page shows it: its kind and state, and its packages with the data meter. */
const esimView = (traveler: TravelerOf, esim: EsimOf, now: Date): CurrentEsimView => {
  return {
    iccid: esim.iccid,
    kind: esim.kind,
    status: esim.state,
    packages: esimPackages(traveler, esim, now).map((pkg) => ({
      package_id: pkg.package_id,
      status: pkg.status,
      destination: pkg.destination,
      size: pkg.size,
      used_bytes: pkg.used_bytes,
      remaining_bytes: pkg.remaining_bytes,
      usage_percent: Math.round(pkg.usage_percent),
      expires_at: pkg.expires_at,
    })),
  };
};

/**
 * The current eSIM, and the traveler's other eSIMs newest first (a classic eSIM claimed beside it); a removed one
 * too: its packages are still the traveler's, and installing it again brings them back.
 */
const esimsOf = (traveler: TravelerOf, now: Date): Pick<TravelerHomeView, 'currentEsim' | 'otherEsims'> => {
  const current = currentEsim(traveler);
  const others = (traveler?.esims ?? []).filter((esim) => esim.iccid !== current?.iccid).reverse();
  return {
    currentEsim: current ? esimView(traveler, current, now) : null,
    otherEsims: others.map((esim) => esimView(traveler, esim, now)),
  };
};

/**
 * The traveler, their package queue entries, the newest booking (its locale is the pages' language) and the brand
 * that styles the pages: the booking behind the eSIM `iccid` names, else the current one's, as the app's
 * dashboard and install instructions choose it (F164).
 */
const readTraveler = async (deps: Deps, partnerId: string, externalUserId: string, iccid?: string) => {
  const traveler = await deps.travelers.findByExternalUserId(partnerId, externalUserId);
  const entries = await queueEntriesOf(deps, partnerId, { external_user_id: externalUserId, email: traveler?.email ?? null });
  const newest = entries.map(({ booking }) => booking).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const esim = chosenEsim(traveler, iccid);
  const branded = await brandingBooking(partnerId, { traveler, esim, entries }, deps.clock.now(), deps);
  return { traveler, entries, newest, esim, brandId: branded?.custom_branding ?? null };
};

/** Who a redirect token is for: reads and names travelers, never their bookings' pages. */
export const lifecycleTravelerDirectory = (deps: Pick<Deps, 'travelers' | 'clock'>): TravelerDirectory => ({
  async resolveByExternalUserId(_partnerId, externalUserId) {
    return { externalUserId };
  },

  /**
   * A traveler the partner knows by email, in this order: a lifecycle traveler with that email; the one
   * external_user_id the partner's bookings pair with it (decision F62; several → traveler_ambiguous); one that only
   * has package queue entries addressed to the email so far (then created here). It gets an external_user_id when
   * it has none.
   */
  async resolveByEmail(partnerId, email) {
    const lower = email.trim().toLowerCase();
    const known = await deps.travelers.findByEmail(partnerId, lower);
    if (!known) {
      const booked = await deps.travelers.externalUserIdsBookedWithEmail(partnerId, lower);
      if (booked.length > 1) throw travelerAmbiguous(booked);
      if (booked[0] !== undefined) return { externalUserId: booked[0] };
    }
    if (!known && (await deps.travelers.queueRefs(partnerId, `email:${lower}`)).length === 0) return undefined;
    const externalUserId = await withRetry(async () => {
      const write = await ensureTraveler(deps, partnerId, { email: lower });
      if (write.before && write.after.external_user_id) return write.after.external_user_id;
      const named = touched({ before: write.before, after: withExternalUserId(write.after) }, deps.clock.now());
      await deps.travelers.commit({ travelers: [named] });
      return named.after.external_user_id as string;
    });
    return { externalUserId };
  },
});

/**
 * What the home, shop and install pages show of a traveler: the traveler, their queue entries, the newest booking's
 * language and the brand of the shown eSIM's booking.
 * An entry reads as its partner sees it (expired past `expires_at`, decision F27) and with the size it will be
 * provisioned with (the partner's default size when it names none, F145: one cached profile read).
 */
export const lifecycleTravelerHomes = (deps: Deps & Pick<LifecycleDeps, 'partners'>): TravelerHomeSource & TravelerEsimSource => ({
  async load(partnerId, externalUserId): Promise<TravelerHomeView> {
    const { traveler, entries, newest, brandId } = await readTraveler(deps, partnerId, externalUserId);
    const now = deps.clock.now();
    const defaultSize = entries.some(({ entry }) => needsDefaultSize(entry.package_specification))
      ? defaultPackageSize(await deps.partners.getProfile(partnerId))
      : null;
    return {
      externalUserId,
      email: traveler?.email ?? null,
      locale: newest?.locale ?? null,
      brandId,
      packageQueues: entries.map(({ entry }) => ({
        uuid: entry.uuid,
        esim_type: entry.esim_type,
        status: entryState(entry, now),
        expires_at: entry.expires_at,
        package: {
          package_type: entry.package_specification.package_type,
          size: needsDefaultSize(entry.package_specification) ? defaultSize : entry.package_specification.size,
          package_duration: entry.package_specification.package_duration,
          // Where it is provisioned, as every other view says it: an airport as its country, a trip as its region.
          destination: entry.package_specification.iso3 ?? entry.package_specification.destination,
        },
      })),
      ...esimsOf(traveler, now),
    };
  },

  async loadCurrentEsim(partnerId, externalUserId, iccid) {
    const { newest, esim, brandId } = await readTraveler(deps, partnerId, externalUserId, iccid);
    return {
      esim: esim && {
        iccid: esim.iccid,
        activation_code: esim.activation_code,
        confirmation_code_ciphertext: esim.confirmation_code_ciphertext ?? null,
        status: esim.state,
        destination: esim.destination,
      },
      locale: newest?.locale ?? null,
      brandId,
    };
  },
});
