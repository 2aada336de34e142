// security → keeps decrypted secrets in memory briefly so a warm function does not call KMS per request.
import type { SecretCipher } from '#shared/usecases/ports/partners';

export const cachedCipher = (inner: SecretCipher, ttlMs = 5 * 60 * 1000, now = Date.now): SecretCipher => {
  const cache = new Map<string, { plaintext: string; expiresAt: number }>();
  return {
    encrypt: (plaintext, context) => inner.encrypt(plaintext, context),
    async decrypt(ciphertext, context) {
      const cacheKey = `${JSON.stringify(context)}|${ciphertext}`;
      const hit = cache.get(cacheKey);
      if (hit && hit.expiresAt > now()) return hit.plaintext;
      const plaintext = await inner.decrypt(ciphertext, context);
      if (cache.size > 1000) cache.clear();
      cache.set(cacheKey, { plaintext, expiresAt: now() + ttlMs });
      return plaintext;
    },
  };
};
