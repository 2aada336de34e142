// domain → the confirmation code a traveler types when the activation code ends in `$1` (SGP.22 4.1, decision F141).
import { randomInt } from 'node:crypto';

/** Digits only: the phone's setup asks for it on a keypad; 8 digits give 10⁸ values against a handful of tries. */
export const CONFIRMATION_CODE_LENGTH = 8;
export const CONFIRMATION_CODE = /^\d{8}$/;

/** A fresh code from the system's cryptographic random source. */
export const newConfirmationCode = (): string => Array.from({ length: CONFIRMATION_CODE_LENGTH }, () => String(randomInt(10))).join('');

/**
 * The encryption context of a stored code: what it belongs to. A ciphertext copied onto another eSIM or partner
 * does not decrypt (KMS and the local cipher both check the context).
 */
export const confirmationCodeContext = (partnerId: string, iccid: string): Record<string, string> => ({
  purpose: 'esim_confirmation_code',
  partner_id: partnerId,
  iccid,
});
