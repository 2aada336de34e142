// domain → localized country names from i18n-iso-countries' locale files, read directly: the served locales only,
// and without the library's core, whose name-to-code look-up brings the diacritics tables (about 10 KiB) that
// name look-ups by code never use. test/unit/country-names.test.ts checks every code against the library's getName().
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { toAlpha2 } from '#shared/domain/country-codes';
import { DEFAULT_LOCALE, type ServedLocale } from '#shared/domain/locale';

/** Each country's names by alpha-2 code: one name, or the official name first and then aliases. */
const namesByLocale: Record<ServedLocale, Record<string, string | string[] | undefined>> = {
  en: en.countries,
  de: de.countries,
  fr: fr.countries,
  es: es.countries,
};

/** The official name (the first of a list), as the library's getName() selects by default. */
const nameIn = (alpha2: string, locale: ServedLocale): string | undefined => {
  const names = namesByLocale[locale][alpha2];
  return Array.isArray(names) ? names[0] : names;
};

/** The name of a country by ISO3 (or alpha-2, or numeric) code, in `locale`, else English, else the code itself. */
export const countryName = (iso3: string, locale: ServedLocale): string => {
  const alpha2 = toAlpha2(iso3);
  return (alpha2 && (nameIn(alpha2, locale) ?? nameIn(alpha2, DEFAULT_LOCALE))) || iso3;
};
