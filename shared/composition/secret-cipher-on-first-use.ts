// composition → the partner-secret cipher, built on first use: for functions that need it only sometimes (an eSIM's
// confirmation code, decision F143), so they load without a key and construct no KMS client until then. Imported
// statically: a module loaded dynamically cannot be tree-shaken, and it pulled every KMS command into the bundles.
import { createSecretCipher } from '#shared/composition/secret-cipher-factory';
import type { SecretCipher } from '#shared/usecases/ports/partners';

let built: SecretCipher | undefined;

export const secretCipherOnFirstUse = async (): Promise<SecretCipher> => (built ??= createSecretCipher());
