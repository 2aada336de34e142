// composition → the partner-secret cipher, built when a function loads: one that must have a key (partner routes)
// fails at once without it.
import { createSecretCipher } from '#shared/composition/secret-cipher-factory';
import type { SecretCipher } from '#shared/usecases/ports/partners';

export const secretCipher: SecretCipher = createSecretCipher();
