// domain → the GSMA SGP.22 activation code `LPA:1$<SM-DP+ address>$<matching id>[$<OID>[$<confirmation flag>]]`.

export interface ActivationCode {
  /** The whole string, as the QR code and the one-tap links carry it. */
  code: string;
  smdpAddress: string;
  matchingId: string;
  /** True when the code ends in `$1`: the traveler must also type a confirmation code. */
  confirmationCodeRequired: boolean;
}

const HOST = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const MATCHING_ID = /^[A-Za-z0-9-]{0,255}$/;

/** Splits an activation code into the two values a traveler types when entering it by hand; throws when malformed. */
export const parseActivationCode = (code: string): ActivationCode => {
  const parts = code.trim().split('$');
  const [prefix, smdpAddress = '', matchingId = '', , confirmation] = parts;
  if (prefix?.toUpperCase() !== 'LPA:1' || parts.length < 3 || parts.length > 5 || !HOST.test(smdpAddress) || !MATCHING_ID.test(matchingId)) {
    throw new Error('Not an eSIM activation code of the form LPA:1$<SM-DP+ address>$<matching id>');
  }
  return { code: code.trim(), smdpAddress, matchingId, confirmationCodeRequired: confirmation === '1' };
};

/** SGP.22 4.1.1: the MatchingID uses upper-case letters, digits and `-`; the whole code stays within 255 characters. */
const ISSUED_MATCHING_ID = /^[A-Z0-9-]{1,255}$/;
const MAX_ACTIVATION_CODE = 255;

/**
 * The activation code a provider's order yields, as SGP.22 4.1 defines it: `LPA:1$<FQDN>$<MatchingID>`, and
 * `$$1` (an empty SM-DP+ OID, then the Confirmation Code Required Flag) when the traveler must type a
 * confirmation code; the code itself never appears in the string. Throws on a value a device would refuse.
 */
export const buildActivationCode = (input: { smdpAddress: string; matchingId: string; confirmationCodeRequired: boolean }): string => {
  if (!HOST.test(input.smdpAddress)) throw new Error(`The SM-DP+ address "${input.smdpAddress}" is not a host name`);
  if (!ISSUED_MATCHING_ID.test(input.matchingId)) throw new Error('The MatchingID must use A-Z, 0-9 and "-" only');
  const code = `LPA:1$${input.smdpAddress}$${input.matchingId}${input.confirmationCodeRequired ? '$$1' : ''}`;
  if (code.length - 'LPA:'.length > MAX_ACTIVATION_CODE) throw new Error('The activation code exceeds 255 characters');
  return code;
};

/** The carddata parameter keeps `:` and `$` readable, as Apple's and Google's examples show; the rest is encoded. */
const carddata = (code: string) => encodeURIComponent(code).replace(/%24/g, '$').replace(/%3A/gi, ':');

/** Apple's eSIM setup universal link: opens the install sheet on iOS 17.4 and later. */
export const appleSetupLink = (code: string) => `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${carddata(code)}`;

/** Android's eSIM setup universal link, where the phone's setup supports it. */
export const androidSetupLink = (code: string) => `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${carddata(code)}`;
