// use case → replace the package specification of a booking's promo codes (all of them, or one by uuid).
import type { Booking, PackageSpecification } from '#shared/domain/booking';
import { nextVersion } from '#shared/domain/grants';
import type { PromoPackageSpecificationOutput } from '#shared/domain/package-schemas';
import {
  needsRegions,
  specificationFromUpdate,
  withCatalogRegions,
  withDestination,
  type PackageCatalog,
} from '#shared/domain/package-specification';
import { BadRequestError, NotFoundError } from '#shared/errors';
import { canonicalUuid, isUuid } from '#shared/domain/uuid';
import { findBooking } from '#shared/usecases/find-booking';
import type { BookingStore } from '#shared/usecases/ports/bookings';
import type { Clock } from '#shared/usecases/ports/services';
import { withRetry } from '#shared/usecases/retry';

export interface UpdateResult {
  booking: Booking;
  /** The specification the codes now carry (package_id resolved). */
  specification: PackageSpecification;
  updatedCount: number;
  skippedCount: number;
}

/**
 * Input: partner, the partner's booking_id, the new specification and optionally one promo code uuid.
 * Output: the booking after the change with updated and skipped counts.
 * Steps: find the booking by booking_id, resolve package_id in the catalog, replace the specification of every
 * unredeemed code (bulk: redeemed ones are skipped; single: a redeemed code is a 400), save with a version check.
 * A change made meanwhile (a redemption, another update) is read again and the update applied to it, so a code
 * redeemed in between is skipped, never overwritten; the catalog is read once.
 */
export const updatePackageSpecifications = (
  input: { partnerId: string; reference: string; specification: PromoPackageSpecificationOutput; promoCodeUuid?: string },
  deps: { bookings: BookingStore; catalog: PackageCatalog; clock: Clock },
): Promise<UpdateResult> => {
  let resolved: Promise<PackageSpecification> | undefined;
  const resolveOnce = () => (resolved ??= resolveSpecification(input.specification, deps.catalog));
  return withRetry(() => updateOnce(input, deps, resolveOnce));
};

/** The specification as stored: package_id resolved in the catalog, a trip resolved to the region covering it. */
const resolveSpecification = async (update: PromoPackageSpecificationOutput, catalog: PackageCatalog): Promise<PackageSpecification> => {
  const packages = update.package_id ? await catalog.findPackages([update.package_id]) : new Map();
  const requested = specificationFromUpdate(update, packages);
  return needsRegions(requested) ? withCatalogRegions(requested, await catalog.listRegions()) : requested;
};

const updateOnce = async (
  input: Parameters<typeof updatePackageSpecifications>[0],
  deps: Parameters<typeof updatePackageSpecifications>[1],
  resolveOnce: () => Promise<PackageSpecification>,
): Promise<UpdateResult> => {
  const booking = await findBooking({ partnerId: input.partnerId, reference: input.reference }, deps);
  if (input.promoCodeUuid !== undefined && !isUuid(input.promoCodeUuid)) {
    throw new NotFoundError(`No promo code "${input.promoCodeUuid.slice(0, 64)}" in this booking.`, 'promo_code_not_found');
  }
  const uuid = input.promoCodeUuid === undefined ? undefined : canonicalUuid(input.promoCodeUuid);
  const targets = uuid ? booking.promo_codes.filter((promo) => promo.uuid === uuid) : booking.promo_codes;
  if (input.promoCodeUuid) {
    const target = targets[0];
    if (!target) throw new NotFoundError(`No promo code "${input.promoCodeUuid}" in this booking.`, 'promo_code_not_found');
    if (target.status === 'redeemed') {
      throw new BadRequestError('promo_code_redeemed', 'This promo code is already redeemed; its package can no longer change.', [
        { path: 'uuid', message: 'Already redeemed.' },
      ]);
    }
  }

  const specification = await resolveOnce();
  const at = deps.clock.now();
  const now = at.toISOString();
  const targetIds = new Set(targets.map((promo) => promo.uuid));
  let updatedCount = 0;
  let skippedCount = 0;
  const promoCodes = booking.promo_codes.map((promo) => {
    if (!targetIds.has(promo.uuid)) return promo;
    if (promo.status === 'redeemed') {
      skippedCount += 1;
      return promo;
    }
    updatedCount += 1;
    return { ...promo, package_specification: specification, iso3: specification.iso3 ?? null, updated_at: now };
  });
  // A queue entry delivers the same package as its promo code, so it follows the new specification. A destination
  // the traveler chose for a grant that had none (classic grants) stays while the new specification names none.
  const updatedPromoIds = new Set(promoCodes.filter((p) => p.updated_at === now && targetIds.has(p.uuid)).map((p) => p.uuid));
  const grantedDestination = new Map(booking.promo_codes.map((p) => [p.uuid, p.package_specification.destination]));
  const packageQueues = booking.package_queues.map((entry) => {
    if (entry.status !== 'pending' || !updatedPromoIds.has(entry.promo_code_uuid)) return entry;
    const chosen = grantedDestination.get(entry.promo_code_uuid) ? null : entry.package_specification.destination;
    return { ...entry, package_specification: specification.destination === null && chosen ? withDestination(specification, chosen) : specification };
  });

  if (updatedCount === 0) return { booking, specification, updatedCount, skippedCount };
  const updated = nextVersion(booking, { promo_codes: promoCodes, package_queues: packageQueues, updated_by: input.partnerId }, at);
  await deps.bookings.replace(updated);
  return { booking: updated, specification, updatedCount, skippedCount };
};
