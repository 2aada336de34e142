// use case → the native app redeems a package queue entry for its traveler (POST /native/redeem-package), and finds
// the traveler with an entry addressed to it (also used by classic claims).
import type { Booking, PackageQueueEntry } from '#shared/domain/booking';
import type { Traveler } from '#shared/domain/traveler';
import { NotFoundError } from '#shared/errors';
import { consumeGrantFor, type Redemption } from '#shared/usecases/grant-redemption';
import type { LifecycleDeps, QueueRef } from '#shared/usecases/ports/lifecycle';
import { queueKeysOf, travelerNotFound } from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import { canonicalUuid } from '#shared/domain/uuid';

/**
 * The traveler known by `externalUserId` (if any yet) and the package queue entry `queueUuid` addressed to it (by its
 * external_user_id or its email), with the entry's booking. The entries under the external_user_id are read beside
 * the traveler's look-up (and the entry's booking right after them), those under its email only when the first do not
 * hold it. Unknown, or another traveler's entry → 404 package_queue_not_found; a traveler neither stored nor granted
 * anything → 404 user_not_found.
 */
export const findTravelerQueueEntry = async (
  deps: Pick<LifecycleDeps, 'travelers' | 'bookings'>,
  partnerId: string,
  externalUserId: string,
  queueUuid: string,
): Promise<{ traveler: Traveler | undefined; booking: Booking; entry: PackageQueueEntry }> => {
  const uuid = canonicalUuid(queueUuid);
  const entryIn = async (refs: QueueRef[]) => {
    const ref = refs.find((r) => r.queueUuid === uuid);
    const booking = ref ? await deps.bookings.get(partnerId, ref.bookingId) : undefined;
    const entry = booking?.package_queues.find((q) => q.uuid === uuid);
    return booking && entry ? { booking, entry } : undefined;
  };
  // The traveler's look-up and its entries' (then the booking's) run side by side: two round trips in all.
  const [traveler, byExternalUserId] = await Promise.all([
    deps.travelers.findByExternalUserId(partnerId, externalUserId),
    deps.travelers.queueRefs(partnerId, externalUserId).then(async (refs) => ({ granted: refs.length > 0, found: await entryIn(refs) })),
  ]);
  const [emailKey] = traveler?.email ? queueKeysOf({ external_user_id: null, email: traveler.email }) : [];
  const found = byExternalUserId.found ?? (emailKey ? await deps.travelers.queueRefs(partnerId, emailKey).then(entryIn) : undefined);
  // As the dashboard answers (decision 28): a traveler neither stored nor granted anything is unknown.
  if (!found && !traveler && !byExternalUserId.granted) throw travelerNotFound();
  if (!found) throw new NotFoundError('No package queue entry with this id for this traveler.', 'package_queue_not_found');
  const { booking, entry } = found;
  return { traveler, booking, entry };
};

/**
 * Input: partner, the traveler's external_user_id, the queue entry id. Output: the redemption.
 * The native app's POST /native/redeem-package: pending → redeemed, package provisioned on the universal eSIM.
 * Emits: promo_code.redeemed (the entry's code is consumed with it). Twice → 409 package_queue_not_pending;
 * another traveler's → 404.
 */
export const redeemPackageQueueEntry = (
  input: {
    partnerId: string;
    externalUserId: string;
    packageQueueId: string;
    /** The destination the traveler chose, for an entry that names none: required then (decision F145). */
    destination?: string;
    /** Resolves when the request may change anything (its signature claimed): the reads run before, nothing else. */
    mayChange?: Promise<void>;
  },
  deps: LifecycleDeps,
): Promise<Redemption> =>
  withRetry(async () => {
    const { traveler, booking, entry } = await findTravelerQueueEntry(deps, input.partnerId, input.externalUserId, input.packageQueueId);
    await input.mayChange;
    const promo = booking.promo_codes.find((p) => p.uuid === entry.promo_code_uuid);
    if (!promo) throw new NotFoundError('No package queue entry with this id for this traveler.', 'package_queue_not_found');
    return consumeGrantFor(deps, {
      chosenDestination: input.destination,
      booking,
      promo,
      entry,
      addressed: 'package_queue',
      // The entry's email too: a traveler first known here becomes known by the email the partner paired with it,
      // so grants addressed to that email reach the same traveler (docs/lifecycle.md, Travelers).
      identity: { externalUserId: input.externalUserId, email: entry.email },
      knownTraveler: traveler ?? null,
    });
  });
