// use cases → a traveler redeems a promo code, or a package queue entry in the native app; both consume the
// grant (promo code and queue entry together) and provision its package on the traveler's universal eSIM.
import type { Booking, PackageQueueEntry, PromoCode } from '#shared/domain/booking';
import { consumeGrant, isEntryExpired } from '#shared/domain/grants';
import { promoCodeRedeemed } from '#shared/domain/lifecycle-events';
import type { Traveler, TravelerPackage } from '#shared/domain/traveler';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/errors';
import {
  addPackage,
  ensureTraveler,
  ensureUniversalEsim,
  queueKeysOf,
  touched,
  withExternalUserId,
  withRetry,
  type TravelerIdentity,
} from '#shared/usecases/travelers';
import type { LifecycleChange, LifecycleDeps } from '#shared/usecases/ports/lifecycle';

export interface Redemption {
  booking: Booking;
  promo: PromoCode;
  entry: PackageQueueEntry | null;
  traveler: Traveler;
  pkg: TravelerPackage;
  redeemedBy: string;
}

export type FactContext = NonNullable<LifecycleChange['fact']>;

/** What the caller named: a refusal speaks of that (a code and its entry are consumed together). */
type Addressed = 'promo_code' | 'package_queue';

const entryNotPending = (status: string) => new ConflictError('package_queue_not_pending', `This package queue entry is already ${status}.`);

/** The state checks of a grant: unredeemed code, pending universal entry inside its window. */
const assertRedeemable = (promo: PromoCode, entry: PackageQueueEntry | null, addressed: Addressed, now: Date) => {
  if (addressed === 'package_queue' && entry && (entry.status !== 'pending' || promo.status === 'redeemed')) {
    throw entryNotPending(entry.status === 'pending' ? 'redeemed' : entry.status);
  }
  if (promo.status === 'redeemed') throw new ConflictError('promo_code_already_redeemed', 'This promo code is already redeemed.');
  if (entry && entry.status !== 'pending') throw entryNotPending(entry.status);
  if (entry?.esim_type === 'classic') {
    throw new ConflictError('classic_grant_must_be_claimed', 'This is a classic eSIM grant: claim it with the classic claim call.');
  }
  if (entry && isEntryExpired(entry, now)) throw new ConflictError('package_queue_expired', 'The redemption window of this grant has ended.');
};

/** Consumes the grant for a traveler and writes everything in one transaction with promo_code.redeemed. */
const consume = async (
  deps: LifecycleDeps,
  input: {
    booking: Booking;
    promo: PromoCode;
    entry: PackageQueueEntry | null;
    addressed: Addressed;
    identity: TravelerIdentity;
    fact?: FactContext;
  },
): Promise<Redemption> => {
  const now = deps.clock.now();
  const at = input.fact ? new Date(input.fact.occurredAt) : now;
  assertRedeemable(input.promo, input.entry, input.addressed, now);
  const write = await ensureTraveler(deps, input.booking.partner_id, input.identity);
  const known = withExternalUserId(write.after);
  const withEsim = await ensureUniversalEsim(deps, known, { bookingId: input.booking.id, orderReference: `promo:${input.promo.uuid}` }, now);
  const added = await addPackage(
    deps,
    withEsim.traveler,
    withEsim.esim,
    {
      spec: (input.entry ?? input.promo).package_specification,
      source: input.entry ? 'package_queue' : 'promo_code',
      booking: input.booking,
      entry: input.entry,
      promoCodeId: input.promo.uuid,
      queueUuid: input.promo.package_queue_uuid,
    },
    now,
  );
  const redeemedBy = known.external_user_id as string;
  const booking = consumeGrant(
    input.booking,
    { promoCodeUuid: input.promo.uuid, queueUuid: input.promo.package_queue_uuid, entryStatus: 'redeemed', by: redeemedBy, at },
    now,
  );
  const travelerWrite = touched({ before: write.before, after: added.traveler }, now);
  await deps.travelers.commit({
    travelers: [travelerWrite],
    bookings: [booking],
    events: [promoCodeRedeemed(booking, input.promo, redeemedBy, at)],
    fact: input.fact,
  });
  return { booking, promo: input.promo, entry: input.entry, traveler: travelerWrite.after, pkg: added.pkg, redeemedBy };
};

/** Promo code by uuid (= promo_code_id) or by its code; when both are given they must name the same code. */
export const resolvePromoCodeUuid = async (
  deps: Pick<LifecycleDeps, 'travelers'>,
  partnerId: string,
  input: { uuid?: string; code?: string },
): Promise<string> => {
  const byCode = input.code ? await deps.travelers.findPromoCodeUuid(partnerId, input.code.toUpperCase()) : undefined;
  if (input.code && !byCode) throw new NotFoundError(`No promo code "${input.code}".`, 'promo_code_not_found');
  if (input.uuid && byCode && input.uuid !== byCode) {
    throw new BadRequestError('identifiers_disagree', 'The promo code uuid and code name different promo codes.', [
      { path: 'code', message: 'Names another promo code than uuid.' },
    ]);
  }
  const uuid = input.uuid ?? byCode;
  if (!uuid) throw new BadRequestError('promo_code_required', 'Name the promo code by uuid or code.', [{ path: 'uuid', message: 'Required.' }]);
  return uuid;
};

/**
 * Input: partner, the promo code (uuid or code) and optionally who redeems it. Output: the redemption.
 * Steps: find the booking through the code's look-up; check the code is unredeemed and its entry pending;
 * find or create the traveler (the entry's traveler when none is named); provision the package on the
 * traveler's universal eSIM; write booking, traveler and event in one transaction.
 * Emits: promo_code.redeemed. A second redemption → 409 promo_code_already_redeemed.
 */
export const redeemPromoCode = (
  input: { partnerId: string; uuid?: string; code?: string; externalUserId?: string | null; fact?: FactContext },
  deps: LifecycleDeps,
): Promise<Redemption> =>
  withRetry(async () => {
    const uuid = await resolvePromoCodeUuid(deps, input.partnerId, input);
    const booking = await deps.bookings.findByPromoCode(input.partnerId, uuid);
    const promo = booking?.promo_codes.find((p) => p.uuid === uuid);
    if (!booking || !promo) throw new NotFoundError(`No promo code "${uuid}".`, 'promo_code_not_found');
    const entry = booking.package_queues.find((q) => q.uuid === promo.package_queue_uuid) ?? null;
    const identity = input.externalUserId
      ? { externalUserId: input.externalUserId }
      : { externalUserId: entry?.external_user_id ?? null, email: entry?.email ?? null };
    return consume(deps, { booking, promo, entry, addressed: 'promo_code', identity, fact: input.fact });
  });

/** A package queue entry addressed to this traveler (by external_user_id or its email), with its booking. */
export const findQueueEntry = async (
  deps: Pick<LifecycleDeps, 'travelers' | 'bookings'>,
  partnerId: string,
  traveler: Pick<Traveler, 'external_user_id' | 'email'>,
  queueUuid: string,
): Promise<{ booking: Booking; entry: PackageQueueEntry }> => {
  for (const key of queueKeysOf(traveler)) {
    const ref = (await deps.travelers.queueRefs(partnerId, key)).find((r) => r.queueUuid === queueUuid);
    const booking = ref ? await deps.bookings.get(partnerId, ref.bookingId) : undefined;
    const entry = booking?.package_queues.find((q) => q.uuid === queueUuid);
    if (booking && entry) return { booking, entry };
  }
  throw new NotFoundError('No package queue entry with this id for this traveler.', 'package_queue_not_found');
};

/**
 * Input: partner, the traveler's external_user_id, the queue entry id. Output: the redemption.
 * The native app's POST /native/redeem-package: pending → redeemed, package provisioned on the universal eSIM.
 * Emits: promo_code.redeemed (the entry's code is consumed with it). Twice → 409 package_queue_not_pending;
 * another traveler's → 404.
 */
export const redeemPackageQueueEntry = (
  input: { partnerId: string; externalUserId: string; packageQueueId: string },
  deps: LifecycleDeps,
): Promise<Redemption> =>
  withRetry(async () => {
    const known = await deps.travelers.findByExternalUserId(input.partnerId, input.externalUserId);
    const identity = { external_user_id: input.externalUserId, email: known?.email ?? null };
    const { booking, entry } = await findQueueEntry(deps, input.partnerId, identity, input.packageQueueId);
    const promo = booking.promo_codes.find((p) => p.uuid === entry.promo_code_uuid);
    if (!promo) throw new NotFoundError('No package queue entry with this id for this traveler.', 'package_queue_not_found');
    return consume(deps, { booking, promo, entry, addressed: 'package_queue', identity: { externalUserId: input.externalUserId } });
  });
