// auth → partner credentials kept in memory briefly, so a warm function verifies a signature without a storage read.
import type { CredentialStore, PartnerCredentials } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/**
 * How long a warm function trusts credentials it read. A rotated secret works at once (a signature that fails
 * against cached credentials is checked again against storage); the old secret, a disabled partner and a revoked
 * key stop working within this time.
 */
export const CREDENTIALS_CACHE_TTL_MS = 30_000;

/** Bounds memory when many keys are seen; the cache is simply emptied, as entries are cheap to read again. */
const MAX_ENTRIES = 1000;

/** Caches found credentials (not unknown keys) for `ttlMs`; `reload` reads past the cache and refreshes it. */
export const cachedCredentials = (
  store: CredentialStore,
  { ttlMs = CREDENTIALS_CACHE_TTL_MS, clock }: { ttlMs?: number; clock: Clock },
): Required<CredentialStore> => {
  const entries = new Map<string, { credentials: PartnerCredentials; expiresAt: number }>();
  const reload = async (apiKey: string) => {
    const credentials = await store.findByApiKey(apiKey);
    if (credentials === undefined) {
      entries.delete(apiKey);
      return undefined;
    }
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(apiKey, { credentials, expiresAt: clock.now().getTime() + ttlMs });
    return credentials;
  };
  return {
    async findByApiKey(apiKey) {
      const entry = entries.get(apiKey);
      if (entry && entry.expiresAt > clock.now().getTime()) return { ...entry.credentials, fromCache: true };
      return reload(apiKey);
    },
    reload,
  };
};
