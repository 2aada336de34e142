// web adapter → how a page names one of the traveler's eSIMs in a link: sealed with the session, never the ICCID itself.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const REFERENCE = /^[A-Za-z0-9_-]{40,120}$/;

const keyOf = (sessionId: string): Buffer => createHmac('sha256', sessionId).update('esim-reference').digest();

/**
 * The value a link carries instead of an ICCID (issue 8: no traveler data in URLs). It is the ICCID encrypted with a
 * key of the session, so it works only in the session that rendered the link, and a URL seen in a history, a
 * WebView's navigation log or an access log tells nothing about the traveler.
 */
export const esimReference = (sessionId: string, iccid: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionId), iv);
  const sealed = Buffer.concat([cipher.update(iccid, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
};

/** The ICCID a reference of this session names, or undefined for one altered, made up or made by another session. */
export const iccidOfReference = (sessionId: string, reference: string): string | undefined => {
  if (!REFERENCE.test(reference)) return undefined;
  const bytes = Buffer.from(reference, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionId), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
};
