// security adapter → AES-256-GCM encryption of partner secrets in local mode, where KMS is not available.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '#shared/usecases/ports/partners';

const contextAad = (context: Record<string, string>): Buffer =>
  Buffer.from(
    Object.entries(context)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&'),
  );

/** Ciphertext format `local:v1:<iv>.<tag>.<data>` (base64url); the context is bound as additional data. */
export const localSecretCipher = (keyBase64: string): SecretCipher => {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('LOCAL_SECRET_KEY must be 32 bytes, base64-encoded');
  return {
    async encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(contextAad(context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
      return `local:v1:${parts.join('.')}`;
    },
    async decrypt(ciphertext, context) {
      const [iv, tag, data] = ciphertext
        .replace(/^local:v1:/, '')
        .split('.')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data) throw new Error('Malformed local ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(contextAad(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
};
