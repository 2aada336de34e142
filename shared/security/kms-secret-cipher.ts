// security adapter → KMS encryption of partner secrets in AWS, with the partner id as encryption context.
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SecretCipher } from '#shared/usecases/ports/partners';

export const kmsSecretCipher = (client: KMSClient, keyId: string): SecretCipher => ({
  async encrypt(plaintext, context) {
    const result = await client.send(new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: context }));
    return `kms:v1:${Buffer.from(result.CiphertextBlob ?? new Uint8Array()).toString('base64')}`;
  },
  async decrypt(ciphertext, context) {
    const blob = Buffer.from(ciphertext.replace(/^kms:v1:/, ''), 'base64');
    const result = await client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: context }));
    return Buffer.from(result.Plaintext ?? new Uint8Array()).toString('utf8');
  },
});
