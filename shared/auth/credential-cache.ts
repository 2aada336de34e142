// auth → partner credentials kept in memory briefly, so a warm function verifies a signature without a storage read.
import { ttlCache } from '#shared/storage/ttl-cache';
import type { CredentialStore } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/**
 * How long a warm function verifies signatures against credentials it read without waiting for storage. A rotated
 * secret works at once (a signature that fails against cached credentials is checked again against storage); the
 * old secret, a disabled partner and a revoked key stop working at once too, because each request verified from
 * the cache also re-reads its credentials beside the signature's claim (decision F63).
 */
export const CREDENTIALS_CACHE_TTL_MS = 30_000;

/** Caches found credentials (not unknown keys) for `ttlMs`; `reload` reads past the cache and refreshes it. */
export const cachedCredentials = (
  store: CredentialStore,
  { ttlMs = CREDENTIALS_CACHE_TTL_MS, clock }: { ttlMs?: number; clock: Clock },
): Required<CredentialStore> => {
  const cache = ttlCache((apiKey) => store.findByApiKey(apiKey), { ttlMs, clock });
  return {
    async findByApiKey(apiKey) {
      const found = await cache.get(apiKey);
      if (found === undefined) return undefined;
      return found.cached ? { ...found.value, fromCache: true } : found.value;
    },
    reload: cache.reload,
  };
};
