// use case → what redeeming a grant does, whichever way it is addressed (a promo code, or a package queue entry in
// the native app): the state checks, then the code and entry consumed together and the package provisioned on the
// traveler's universal eSIM, in one transaction.
import type { Booking, PackageQueueEntry, PromoCode } from '#shared/domain/booking';
import { isEntryExpired } from '#shared/domain/booking';
import { consumeGrant } from '#shared/domain/grants';
import { promoCodeRedeemed } from '#shared/domain/lifecycle-events';
import { assertProvisionable, completedSpecification, needsDefaultSize } from '#shared/domain/package-specification';
import { defaultPackageSize } from '#shared/domain/partner';
import { assertRoomForPackage, type Traveler, type TravelerPackage } from '#shared/domain/traveler';
import { ConflictError } from '#shared/errors';
import {
  addPackage,
  ensureTraveler,
  ensureUniversalEsim,
  grantOrderReferences,
  packagePlanOf,
  touched,
  travelerOrderName,
  withExternalUserId,
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
export type Addressed = 'promo_code' | 'package_queue';

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
  assertProvisionable((entry ?? promo).package_specification);
};

/** Consumes the grant for a traveler and writes everything in one transaction with promo_code.redeemed. */
export const consumeGrantFor = async (
  deps: LifecycleDeps,
  input: {
    booking: Booking;
    promo: PromoCode;
    entry: PackageQueueEntry | null;
    addressed: Addressed;
    identity: TravelerIdentity;
    /** The traveler already read for `identity.externalUserId` in this attempt (null: none), not read again. */
    knownTraveler?: Traveler | null;
    /** The destination the traveler chose for a grant that names none (decision F145). */
    chosenDestination?: string;
    fact?: FactContext;
  },
): Promise<Redemption> => {
  const now = deps.clock.now();
  const at = input.fact ? new Date(input.fact.occurredAt) : now;
  assertRedeemable(input.promo, input.entry, input.addressed, now);
  const write = await ensureTraveler(deps, input.booking.partner_id, input.identity, input.knownTraveler);
  assertRoomForPackage(write.after);
  const known = withExternalUserId(write.after);
  const granted = (input.entry ?? input.promo).package_specification;
  // In the native app the traveler is asked for the destination an entry lacks (spec; decision F145).
  if (input.addressed === 'package_queue' && granted.destination === null && !input.chosenDestination) {
    throw new ConflictError(
      'destination_required',
      'This package queue entry has no destination: ask the traveler where they travel and send it as destination (ISO3 code).',
    );
  }
  // The partner's size is read (from the profile cache) only for a grant that names none.
  const defaultSize = needsDefaultSize(granted) ? defaultPackageSize(await deps.partners.getProfile(input.booking.partner_id)) : undefined;
  const spec = completedSpecification(granted, { destination: input.chosenDestination, defaultSize });
  const plan = packagePlanOf(spec);
  const references = grantOrderReferences(`promo:${input.promo.uuid}`, plan);
  const universal = await ensureUniversalEsim(
    deps,
    known,
    { bookingId: input.booking.id, ...references, firstPackage: plan, orderedFor: travelerOrderName(input.identity) },
    now,
  );
  const added = await addPackage(
    deps,
    universal.traveler,
    universal.esim,
    {
      spec,
      ...references,
      withEsim: universal.withEsim,
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
