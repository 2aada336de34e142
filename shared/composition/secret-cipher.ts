// composition → the partner-secret cipher: KMS in AWS, a local AES key in local mode; fails fast if neither is set.
import { KMSClient } from '@aws-sdk/client-kms';
import { config } from '#shared/config';
import { cachedCipher } from '#shared/security/cached-cipher';
import { kmsSecretCipher } from '#shared/security/kms-secret-cipher';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import type { SecretCipher } from '#shared/usecases/ports/partners';

const createCipher = (): SecretCipher => {
  const keyId = config.secretKeyId;
  if (keyId !== undefined) return kmsSecretCipher(new KMSClient({}), keyId);
  const localKey = config.localSecretKey;
  if (localKey !== undefined) return localSecretCipher(localKey);
  throw new Error('Set SECRET_KEY_ID (KMS key, in AWS) or LOCAL_SECRET_KEY (local mode) to encrypt partner secrets');
};

/** Built when a function loads, so one that must have a key (partner routes) fails at once without it. */
export const secretCipher: SecretCipher = /* @__PURE__ */ (() => cachedCipher(createCipher()))();

let onFirstUse: SecretCipher | undefined;

/**
 * The same cipher, built on first use: for functions that need it only sometimes (an eSIM's confirmation code,
 * decision F143), so they load without a key and without constructing the KMS client until then. Imported statically:
 * a module loaded dynamically cannot be tree-shaken, and it pulled every KMS command into the bundles.
 */
export const secretCipherOnFirstUse = async (): Promise<SecretCipher> => (onFirstUse ??= cachedCipher(createCipher()));
