// security adapters → HMAC-SHA256 over token bodies: a KMS HMAC key in AWS (the key never leaves KMS), a local key otherwise.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { GenerateMacCommand, VerifyMacCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { TokenSigner } from '#shared/usecases/ports/travelers';

/** A key of its own for tokens, derived from the local secret key, so one key never serves two purposes. */
export const localTokenSigner = (localSecretKeyBase64: string): TokenSigner => {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(localSecretKeyBase64, 'base64'), Buffer.alloc(0), 'redirect-tokens', 32));
  const mac = (message: string) => createHmac('sha256', key).update(message).digest();
  return {
    async sign(message) {
      return mac(message).toString('base64url');
    },
    async verify(message, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(message);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

export const kmsTokenSigner = (client: KMSClient, keyId: string): TokenSigner => ({
  async sign(message) {
    const result = await client.send(new GenerateMacCommand({ KeyId: keyId, MacAlgorithm: 'HMAC_SHA_256', Message: Buffer.from(message) }));
    return Buffer.from(result.Mac ?? new Uint8Array()).toString('base64url');
  },
  async verify(message, signature) {
    try {
      const result = await client.send(
        new VerifyMacCommand({ KeyId: keyId, MacAlgorithm: 'HMAC_SHA_256', Message: Buffer.from(message), Mac: Buffer.from(signature, 'base64url') }),
      );
      return result.MacValid === true;
    } catch (error) {
      if (error instanceof Error && error.name === 'KMSInvalidMacException') return false;
      throw error;
    }
  },
});
