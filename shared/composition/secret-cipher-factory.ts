// composition → how the partner-secret cipher is made: KMS in AWS, a local AES key in local mode; fails if neither is
// set. Nothing is built when this module loads: secret-cipher.ts builds it at load, secret-cipher-on-first-use.ts later.
import { KMSClient } from '@aws-sdk/client-kms';
import * as config from '#shared/config';
import { cachedCipher } from '#shared/security/cached-cipher';
import { kmsSecretCipher } from '#shared/security/kms-secret-cipher';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import type { SecretCipher } from '#shared/usecases/ports/partners';

const createCipher = (): SecretCipher => {
  const keyId = config.secretKeyId();
  if (keyId !== undefined) return kmsSecretCipher(new KMSClient({}), keyId);
  // A Lambda bundle never has a local key (lib/bundling.ts): the local cipher is left out of it.
  if (process.env.BUNDLED_FOR_LAMBDA !== 'true') {
    const localKey = config.localSecretKey();
    if (localKey !== undefined) return localSecretCipher(localKey);
  }
  throw new Error('Set SECRET_KEY_ID (KMS key, in AWS) or LOCAL_SECRET_KEY (local mode) to encrypt partner secrets');
};

/** The cipher with decrypted values cached briefly per instance. */
export const createSecretCipher = (): SecretCipher => cachedCipher(createCipher());
