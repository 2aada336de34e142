// storage → the brand a traveler's app shows, kept in memory briefly like partner profiles: a warm dashboard styles
// itself without reading the brand again.
import { PROFILE_CACHE_TTL_MS } from '#shared/storage/cached-partner-directory';
import { ttlCache } from '#shared/storage/ttl-cache';
import type { BrandDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/**
 * Caches what `resolve` found for a partner and brand id (also "no brand": a partner without brands costs no read
 * per request) for `ttlMs`; a brand changed by support shows within that time.
 */
export const cachedBrandResolver = (
  directory: Pick<BrandDirectory, 'resolve'>,
  { ttlMs = PROFILE_CACHE_TTL_MS, clock }: { ttlMs?: number; clock: Clock },
): Pick<BrandDirectory, 'resolve'> => {
  const cache = ttlCache(
    async (key) => {
      const [partnerId = '', brandId = ''] = key.split('\u0000');
      return { brand: await directory.resolve(partnerId, brandId === '' ? null : brandId) };
    },
    { ttlMs, clock },
  );
  return { resolve: async (partnerId, brandId) => (await cache.get(`${partnerId}\u0000${brandId ?? ''}`))?.value.brand };
};
