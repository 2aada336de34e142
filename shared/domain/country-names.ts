// domain → localized country names from i18n-iso-countries, with only the served locales in the bundle.
// The package's Node entry registers all 100+ locales (~800 KB); the core plus four locale files is ~50 KB.
import countries from 'i18n-iso-countries/index.js';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { DEFAULT_LOCALE, type ServedLocale } from '#shared/domain/locale';

for (const locale of [en, de, fr, es]) countries.registerLocale(locale);

/** The short (common) name of a country by ISO3, in `locale`, else English, else the code itself. */
export const countryName = (iso3: string, locale: ServedLocale): string =>
  countries.getName(iso3, locale) ?? countries.getName(iso3, DEFAULT_LOCALE) ?? iso3;
