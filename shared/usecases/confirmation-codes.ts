// use case helper → the confirmation code of an eSIM, decrypted for the instructions that show it (decision F142).
import { confirmationCodeContext } from '#shared/domain/install/confirmation-code';
import type { SecretCipher } from '#shared/usecases/ports/partners';

/**
 * The code the traveler types, or null when the eSIM requires none. The ciphertext only decrypts under the
 * partner and ICCID it was made for, so a code can never be shown on another partner's or traveler's eSIM.
 */
export const confirmationCodeOf = async (
  cipher: Pick<SecretCipher, 'decrypt'>,
  partnerId: string,
  esim: { iccid: string; confirmation_code_ciphertext?: string | null },
): Promise<string | null> =>
  esim.confirmation_code_ciphertext ? cipher.decrypt(esim.confirmation_code_ciphertext, confirmationCodeContext(partnerId, esim.iccid)) : null;
