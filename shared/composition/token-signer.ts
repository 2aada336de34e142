// composition → the redirect-token signer: a KMS HMAC key in AWS, a key derived from LOCAL_SECRET_KEY locally.
// Only the two functions that create or exchange tokens import this (and with it the KMS client).
import { KMSClient } from '@aws-sdk/client-kms';
import * as config from '#shared/config';
import { kmsTokenSigner, localTokenSigner } from '#shared/security/token-signer';
import type { TokenSigner } from '#shared/usecases/ports/travelers';

const createSigner = (): TokenSigner => {
  const keyId = config.tokenKeyId();
  if (keyId !== undefined) return kmsTokenSigner(new KMSClient({}), keyId);
  const localKey = config.localSecretKey();
  if (localKey !== undefined) return localTokenSigner(localKey);
  throw new Error('Set TOKEN_KEY_ID (KMS HMAC key, in AWS) or LOCAL_SECRET_KEY (local mode) to sign redirect tokens');
};

export const tokenSigner: TokenSigner = createSigner();
