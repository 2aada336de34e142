// domain → a booking's grant rules (shared/domain/grants.ts): expiry, and the booking after a grant is consumed.
import type { PackageQueueEntry } from '#shared/domain/booking';
import { entryState, isEntryExpired } from '#shared/domain/booking';
import { consumeGrant } from '#shared/domain/grants';
import { makePackageSpecification } from '#test/support/factories';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';

const at = (iso: string) => new Date(iso);

describe('Domain: grants', () => {
  it('expires a pending entry at its expires_at, never a consumed one or one without a window', () => {
    // Prepare
    const entry = (status: PackageQueueEntry['status'], expires_at: string | null) => ({ status, expires_at });
    const now = at('2026-06-10T00:00:00.000Z');

    // Act / Assess
    expect(isEntryExpired(entry('pending', '2026-06-10T00:00:00.000Z'), now)).toBe(true);
    expect(isEntryExpired(entry('pending', '2026-06-10T00:00:00.001Z'), now)).toBe(false);
    expect(isEntryExpired(entry('redeemed', '2026-06-01T00:00:00.000Z'), now)).toBe(false);
    expect(isEntryExpired(entry('pending', null), now)).toBe(false);
  });

  it.each(['redeemed', 'claimed'] as const)(
    'consumes code and entry together as %s, one version later, touching no other grant',
    async (entryStatus) => {
      // Prepare: a booking of two grants.
      const world = memoryLifecycle();
      const booking = await world.book({
        package_specifications: [makePackageSpecification({ external_user_id: 'u-1' }), makePackageSpecification({ external_user_id: 'u-2' })],
      });
      const [first, second] = booking.package_queues as [PackageQueueEntry, PackageQueueEntry];
      const now = at('2026-06-02T10:00:00.000Z');

      // Act
      const after = consumeGrant(booking, { promoCodeUuid: first.promo_code_uuid, queueUuid: first.uuid, entryStatus, by: 'u-1' }, now);

      // Assess
      expect(after.version).toBe(booking.version + 1);
      expect(after.updated_at).toBe(now.toISOString());
      expect(after.package_queues.map((q) => q.status)).toEqual([entryStatus, second.status]);
      expect(after.promo_codes.find((p) => p.uuid === first.promo_code_uuid)).toMatchObject({
        status: 'redeemed',
        redeemed_by: 'u-1',
        redeemed_at: now.toISOString(),
      });
      expect(after.promo_codes.find((p) => p.uuid === second.promo_code_uuid)?.status).toBe(
        booking.promo_codes.find((p) => p.uuid === second.promo_code_uuid)?.status,
      );
      expect(entryState(after.package_queues[0]!, now)).toBe(entryStatus);
    },
  );
});
