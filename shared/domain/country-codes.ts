// domain → ISO 3166 country codes from the dated table shared/data/codes/iso-3166.json, generated from
// i18n-iso-countries' code table (`npm run build:codes`): most functions only convert and check codes, so they
// bundle 2 KiB of codes, not the library's table or its name look-up. Country names are in country-names.ts.
import countryFile from '../data/codes/iso-3166.json' with { type: 'json' };

const ROW = 8; // alpha-2 (2) + alpha-3 (3) + numeric (3)

// One pass over the table: this runs at every cold start of most functions.
const alpha3ByAlpha2 = new Map<string, string>();
/** Alpha-3 and numeric codes to alpha-2. */
const alpha2ByOther = new Map<string, string>();
for (let at = 0; at < countryFile.codes.length; at += ROW) {
  const alpha2 = countryFile.codes.slice(at, at + 2);
  const alpha3 = countryFile.codes.slice(at + 2, at + 5);
  alpha3ByAlpha2.set(alpha2, alpha3);
  alpha2ByOther.set(alpha3, alpha2).set(countryFile.codes.slice(at + 5, at + ROW), alpha2);
}

/** The alpha-3 code of an alpha-2 code (any case), as i18n-iso-countries' alpha2ToAlpha3(). */
export const alpha2ToAlpha3 = (code: string): string | undefined => alpha3ByAlpha2.get(code.toUpperCase());

/** The alpha-2 code of an alpha-2, alpha-3 or numeric code (any case), as i18n-iso-countries resolves codes for getName(). */
export const toAlpha2 = (code: string): string | undefined =>
  code.length === 2 && !/^\d+$/.test(code) ? code.toUpperCase() : alpha2ByOther.get(code.toUpperCase());

/** Whether `code` (any case) is an ISO 3166 alpha-2, alpha-3 or numeric code, as i18n-iso-countries' isValid(). */
export const isCountryCode = (code: string): boolean => {
  const upper = code.toUpperCase();
  return alpha3ByAlpha2.has(upper) || alpha2ByOther.has(upper);
};

/** Every alpha-3 code with its alpha-2 code, as i18n-iso-countries' getAlpha3Codes(). */
export const alpha3Codes = (): Record<string, string> => Object.fromEntries([...alpha3ByAlpha2].map(([alpha2, alpha3]) => [alpha3, alpha2]));
