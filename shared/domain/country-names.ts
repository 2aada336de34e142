// domain → country names in a served language from the runtime's own CLDR data (Intl.DisplayNames): the names
// travelers know ("United States", "Taiwan", "Czechia"), one source for the catalog, the web app and the emails, and
// no name tables in the bundles (decision F161).
import { alpha2ToAlpha3, toAlpha2 } from '#shared/domain/country-codes';
import type { ServedLocale } from '#shared/domain/locale';

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The special administrative regions by the short name CLDR also gives them: the long one reads "Hong Kong SAR
 * China", "Sonderverwaltungsregion Hongkong" (sorted under S), "R.A.S. chinoise de Hong Kong".
 */
const SHORT_NAMED = new Set(['HK', 'MO']);

const namesIn = (locale: ServedLocale, style: 'long' | 'short'): Intl.DisplayNames => {
  const key = `${locale}:${style}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'none' });
    displayNames.set(key, names);
  }
  return names;
};

/**
 * The name of a country by ISO3 (or alpha-2, or numeric) code, in `locale`; any other code as it is, including the
 * region codes CLDR also names (EU, UN, ZZ), which are no countries of ISO 3166.
 */
export const countryName = (code: string, locale: ServedLocale): string => {
  const alpha2 = toAlpha2(code);
  return (alpha2 && alpha2ToAlpha3(alpha2) && namesIn(locale, SHORT_NAMED.has(alpha2) ? 'short' : 'long').of(alpha2)) || code;
};
