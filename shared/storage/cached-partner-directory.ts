// storage → partner profiles kept in memory briefly, so a warm function creates a booking without reading its partner.
import type { PartnerProfile } from '#shared/domain/partner';
import type { PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/**
 * How long a warm function trusts a profile it read (the same bound as credentials, at most 60 s): a change to a
 * partner's departure-event settings or name takes effect for new bookings within this time. Which brands exist is
 * not part of the profile and is always read.
 */
export const PROFILE_CACHE_TTL_MS = 30_000;

/** Bounds memory when many partners are seen; the cache is simply emptied, as profiles are cheap to read again. */
const MAX_ENTRIES = 1000;

/** Caches found profiles (not unknown partners) for `ttlMs`. */
export const cachedPartnerDirectory = (
  directory: PartnerDirectory,
  { ttlMs = PROFILE_CACHE_TTL_MS, clock }: { ttlMs?: number; clock: Clock },
): PartnerDirectory => {
  const entries = new Map<string, { profile: PartnerProfile; expiresAt: number }>();
  return {
    async getProfile(partnerId) {
      const entry = entries.get(partnerId);
      if (entry && entry.expiresAt > clock.now().getTime()) return entry.profile;
      const profile = await directory.getProfile(partnerId);
      if (profile === undefined) {
        entries.delete(partnerId);
        return undefined;
      }
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(partnerId, { profile, expiresAt: clock.now().getTime() + ttlMs });
      return profile;
    },
  };
};
