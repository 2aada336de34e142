// domain → the rules of a booking's grants (a promo code and its package queue entry), written once for every use
// case that consumes them: the booking after a grant is consumed (whether an entry has expired is in booking.ts).
import type { Booking } from '#shared/domain/booking';

/** A changed booking: one version later, updated now. */
export const nextVersion = (booking: Booking, changes: Partial<Booking>, now: Date): Booking => ({
  ...booking,
  ...changes,
  updated_at: now.toISOString(),
  version: booking.version + 1,
});

/**
 * The booking after a grant is consumed: its promo code redeemed by the traveler at `at` (when it happened: a
 * reported fact's time, else now), and its queue entry `redeemed` (universal redemption) or `claimed` (classic
 * claim). Either way the code can never deliver the package again.
 */
export const consumeGrant = (
  booking: Booking,
  grant: { promoCodeUuid: string | null; queueUuid: string | null; entryStatus: 'redeemed' | 'claimed'; by: string; at?: Date },
  now: Date,
): Booking => {
  const stamp = (grant.at ?? now).toISOString();
  return nextVersion(
    booking,
    {
      promo_codes: booking.promo_codes.map((p) =>
        p.uuid === grant.promoCodeUuid ? { ...p, status: 'redeemed', redeemed_at: stamp, redeemed_by: grant.by, updated_at: stamp } : p,
      ),
      package_queues: booking.package_queues.map((q) => (q.uuid === grant.queueUuid ? { ...q, status: grant.entryStatus } : q)),
    },
    now,
  );
};
