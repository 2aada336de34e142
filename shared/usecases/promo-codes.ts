// use cases → a partner reads one of its promo codes; a traveler claims a code by email (public, throttled).
import type { InferOutput } from 'valibot';
import type { PromoCodeClaimResponseSchema } from '#shared/domain/traveler-response-schemas';
import { type Booking, isClaimableByEmail, type PromoCode } from '#shared/domain/booking';
import { placeNeedsRegions, promoCodeClaimEmail } from '#shared/domain/emails';
import type { PackageCatalog } from '#shared/domain/package-specification';
import { nextVersion } from '#shared/domain/grants';
import { ConflictError, NotFoundError, TooManyRequestsError } from '#shared/errors';
import { uuidv4 } from '#shared/domain/ids';
import { emailRequest } from '#shared/events/email-request';
import { canonicalUuid, isUuid } from '#shared/domain/uuid';
import { withRetry } from '#shared/usecases/retry';
import type { BookingLookups, BookingStore, PromoCodeDirectory } from '#shared/usecases/ports/bookings';
import type { BrandDirectory, PartnerDirectory } from '#shared/usecases/ports/partners';
import type { ThrottleCounter, Clock } from '#shared/usecases/ports/services';

const unknownCode = (uuid: string) => new NotFoundError(`No promo code "${uuid.slice(0, 64)}".`, 'promo_code_not_found');

/** The claim form's answer for a code it cannot claim, the same whether the code exists or not. */
const noCodeToClaim = (uuid: string) =>
  new NotFoundError(
    `No promo code to claim has the uuid "${uuid.slice(0, 64)}": it is unknown, or it reaches its traveler another way (its booking's email address, or the app for a classic grant).`,
    'promo_code_not_found',
  );

/** Claim limits (docs/decisions.md F38): per code, and per client address, in fixed 15-minute windows. */
export const CLAIM_LIMITS = { windowSeconds: 900, perCode: 5, perAddress: 20 } as const;

/**
 * Input: partner and promo code uuid. Output: the code and its booking.
 * Another partner's code is unknown: the look-up key starts with the caller's partner id.
 */
export const findPromoCode = async (
  input: { partnerId: string; uuid: string },
  deps: { bookings: Pick<BookingLookups, 'findByPromoCode'> },
): Promise<{ booking: Booking; promo: PromoCode }> => {
  const uuid = canonicalUuid(input.uuid);
  const booking = isUuid(uuid) ? await deps.bookings.findByPromoCode(input.partnerId, uuid) : undefined;
  const promo = booking?.promo_codes.find((p) => p.uuid === uuid);
  if (!booking || !promo) throw unknownCode(input.uuid);
  return { booking, promo };
};

export interface ClaimDeps {
  bookings: BookingStore;
  promoCodes: PromoCodeDirectory;
  partners: PartnerDirectory;
  brands: Pick<BrandDirectory, 'resolve'>;
  throttle: ThrottleCounter;
  clock: Clock;
  /** The catalog's regions, read only to name a region or trip in the email. */
  regions: Pick<PackageCatalog, 'listRegions'>;
}

const throttleClaim = async (uuid: string, clientAddress: string, deps: Pick<ClaimDeps, 'throttle' | 'clock'>) => {
  const now = deps.clock.now();
  const window = { windowSeconds: CLAIM_LIMITS.windowSeconds, now };
  const [byCode, byAddress] = await Promise.all([
    deps.throttle.hit({ scope: 'CLAIM_CODE', subject: uuid.slice(0, 64), ...window }),
    deps.throttle.hit({ scope: 'CLAIM_ADDRESS', subject: clientAddress, ...window }),
  ]);
  const over = [byCode.count > CLAIM_LIMITS.perCode ? byCode : null, byAddress.count > CLAIM_LIMITS.perAddress ? byAddress : null].filter(
    (w) => w !== null,
  );
  if (over.length > 0) {
    const resetsAt = Math.max(...over.map((w) => w.resetsAt));
    throw new TooManyRequestsError(
      'Too many claim attempts. Wait until the time in Retry-After has passed, then try again.',
      Math.max(1, resetsAt - Math.floor(now.getTime() / 1000)),
    );
  }
};

const withClaim = (booking: Booking, uuid: string, claim: { email: string | null; at: string | null }, now: string): Booking =>
  nextVersion(
    booking,
    {
      promo_codes: booking.promo_codes.map((p) =>
        p.uuid === uuid ? { ...p, claimed_email: claim.email, claimed_at: claim.at, updated_at: now } : p,
      ),
    },
    new Date(now),
  );

/**
 * Input: promo code uuid, the traveler's email and the client address (for throttling).
 * Steps: count the attempt (per code, per address) → find the code through the global look-up → refuse codes
 * without a claim URL as unknown (a booking with an email, a classic grant's code), redeemed (409) or claimed (409) codes → record
 * claimed_email/claimed_at with the booking's version check, and in the same write the email request that
 * delivers the code (sent by the email function, retried there, dead-lettered and alarmed when SES keeps refusing).
 */
export const claimPromoCode = async (
  input: { uuid: string; email: string; clientAddress: string },
  deps: ClaimDeps,
): Promise<InferOutput<typeof PromoCodeClaimResponseSchema>> => {
  // One count per code whatever the case it is written in.
  const uuid = canonicalUuid(input.uuid);
  await throttleClaim(uuid, input.clientAddress, deps);
  const located = isUuid(uuid) ? await deps.promoCodes.locate(uuid) : undefined;
  // The booking's version check makes one of two simultaneous claims of a code win; the other re-reads and finds it
  // claimed. A claim of another code of the same booking re-reads and succeeds (a group claiming at once).
  return withRetry(async () => {
    const booking = located ? await deps.bookings.get(located.partnerId, located.bookingId) : undefined;
    const promo = booking?.promo_codes.find((p) => p.uuid === uuid);
    if (!booking || !promo || !isClaimableByEmail(promo, booking)) throw noCodeToClaim(input.uuid);
    if (promo.status === 'redeemed') throw new ConflictError('promo_code_already_redeemed', 'This promo code is already redeemed.');
    if (promo.claimed_at) {
      throw new ConflictError('promo_code_already_claimed', 'This promo code was already claimed. Look for the email that delivered it.');
    }
    const at = deps.clock.now();
    const now = at.toISOString();
    const claimed = withClaim(booking, promo.uuid, { email: input.email, at: now }, now);
    // Named as the claim page names it: the booking's brand, else the partner's default brand, else the partner.
    const [partner, brand, regions] = await Promise.all([
      deps.partners.getProfile(booking.partner_id),
      deps.brands.resolve(booking.partner_id, booking.custom_branding ?? null),
      placeNeedsRegions(promo) ? deps.regions.listRegions() : [],
    ]);
    const message = promoCodeClaimEmail({ to: input.email, partnerName: brand?.name ?? partner?.name, promo, locale: booking.locale, regions });
    await deps.bookings.replace(
      claimed,
      [],
      [
        emailRequest({
          partnerId: booking.partner_id,
          id: uuidv4(),
          at,
          about: { kind: 'promo_code_claim', booking_id: booking.id, promo_code_uuid: promo.uuid },
          messages: [message],
        }),
      ],
    );
    return { uuid: promo.uuid, email: input.email, claimed_at: now };
  });
};

/**
 * Input: a promo code uuid (support, any partner's). Output: the code's uuid and the address its claim named.
 * Steps: find the code → refuse an unclaimed (409 promo_code_not_claimed) or redeemed (409) code → clear
 * claimed_email/claimed_at with the booking's version check, so the traveler can claim again (a mistyped address
 * whose email keeps failing: docs/operations.md, "Dead-lettered emails"). Emits nothing; sends nothing.
 */
export const releasePromoCodeClaim = async (
  uuid: string,
  deps: Pick<ClaimDeps, 'bookings' | 'promoCodes' | 'clock'>,
): Promise<{ uuid: string; released_email: string | null }> => {
  const canonical = canonicalUuid(uuid);
  const located = isUuid(canonical) ? await deps.promoCodes.locate(canonical) : undefined;
  return withRetry(async () => {
    const booking = located ? await deps.bookings.get(located.partnerId, located.bookingId) : undefined;
    const promo = booking?.promo_codes.find((p) => p.uuid === canonical);
    if (!booking || !promo) throw unknownCode(uuid);
    if (promo.status === 'redeemed') throw new ConflictError('promo_code_already_redeemed', 'This promo code is already redeemed.');
    if (!promo.claimed_at) throw new ConflictError('promo_code_not_claimed', 'This promo code has no claim to release.');
    const now = deps.clock.now().toISOString();
    await deps.bookings.replace(withClaim(booking, promo.uuid, { email: null, at: null }, now));
    return { uuid: promo.uuid, released_email: promo.claimed_email ?? null };
  });
};
