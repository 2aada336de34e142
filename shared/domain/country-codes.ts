// domain → ISO 3166 country codes from i18n-iso-countries' own code table, without its name look-up (which brings
// the diacritics tables): most functions only convert and check codes; country names are in country-names.ts.
import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

const alpha3ByAlpha2 = new Map(codes.map(([alpha2, alpha3]) => [alpha2, alpha3] as [string, string]));
const alpha2ByOther = new Map(
  codes.flatMap(
    ([alpha2, alpha3, numeric]) =>
      [
        [alpha3, alpha2],
        [numeric, alpha2],
      ] as Array<[string, string]>,
  ),
);
/** Every alpha-2, alpha-3 and numeric code, as i18n-iso-countries' isValid() accepts them. */
const anyCode = new Set(codes.flatMap(([alpha2, alpha3, numeric]) => [alpha2, alpha3, numeric] as string[]));

/** The alpha-3 code of an alpha-2 code (any case), as i18n-iso-countries' alpha2ToAlpha3(). */
export const alpha2ToAlpha3 = (code: string): string | undefined => alpha3ByAlpha2.get(code.toUpperCase());

/** The alpha-2 code of an alpha-2, alpha-3 or numeric code (any case), as i18n-iso-countries resolves codes for getName(). */
export const toAlpha2 = (code: string): string | undefined =>
  code.length === 2 && !/^\d+$/.test(code) ? code.toUpperCase() : alpha2ByOther.get(code.toUpperCase());

/** Whether `code` (any case) is an ISO 3166 alpha-2, alpha-3 or numeric code, as i18n-iso-countries' isValid(). */
export const isCountryCode = (code: string): boolean => anyCode.has(code.toUpperCase());

/** Every alpha-3 code with its alpha-2 code, as i18n-iso-countries' getAlpha3Codes(). */
export const alpha3Codes = (): Record<string, string> => Object.fromEntries(codes.map(([alpha2, alpha3]) => [alpha3 as string, alpha2 as string]));
