// storage → partner profiles kept in memory briefly, so a warm function creates a booking without reading its partner.
import { ttlCache } from '#shared/storage/ttl-cache';
import type { PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/**
 * How long a warm function trusts a profile it read (the same bound as credentials, at most 60 s): a change to a
 * partner's departure-event settings or name takes effect for new bookings within this time. Which brands exist is
 * not part of the profile and is always read.
 */
export const PROFILE_CACHE_TTL_MS = 30_000;

/** Caches found profiles (not unknown partners) for `ttlMs`. */
export const cachedPartnerDirectory = (
  directory: PartnerDirectory,
  { ttlMs = PROFILE_CACHE_TTL_MS, clock }: { ttlMs?: number; clock: Clock },
): PartnerDirectory => {
  const cache = ttlCache((partnerId) => directory.getProfile(partnerId), { ttlMs, clock });
  return { getProfile: async (partnerId) => (await cache.get(partnerId))?.value };
};
