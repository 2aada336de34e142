// use case → the native app redeems a package queue entry for its traveler (POST /native/redeem-package), and finds
// an entry addressed to a traveler (also used by classic claims).
import type { Booking, PackageQueueEntry } from '#shared/domain/booking';
import type { Traveler } from '#shared/domain/traveler';
import { NotFoundError } from '#shared/errors';
import { consumeGrantFor, type Redemption } from '#shared/usecases/grant-redemption';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import { queueKeysOf, withRetry } from '#shared/usecases/travelers';

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
    return consumeGrantFor(deps, { booking, promo, entry, addressed: 'package_queue', identity: { externalUserId: input.externalUserId } });
  });
