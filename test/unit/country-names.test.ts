// tests → domain → country names read from the library's locale files answer as the library's getName() does.
import countries from 'i18n-iso-countries/index.js';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { countryName } from '#shared/domain/country-names';
import { DEFAULT_LOCALE, servedLocales } from '#shared/domain/locale';

for (const locale of [en, de, fr, es]) countries.registerLocale(locale);

/** What the function answered with before: the library's name in the locale, else in English, else the code. */
const libraryName = (code: string, locale: string) => countries.getName(code, locale) ?? countries.getName(code, DEFAULT_LOCALE) ?? code;

const everyCode = Object.entries(countries.getAlpha3Codes()).flatMap(([alpha3, alpha2]) => [alpha3, alpha2, countries.alpha3ToNumeric(alpha3)!]);

describe('Module: country-names', () => {
  it.each(servedLocales)('names every alpha-3, alpha-2 and numeric code in %s as the library does', (locale) => {
    // Act
    const names = everyCode.map((code) => countryName(code, locale));

    // Assess
    expect(everyCode.length).toBeGreaterThan(700);
    expect(names).toEqual(everyCode.map((code) => libraryName(code, locale)));
  });

  it.each(['deu', 'XXX', 'XX', '999', ''])('answers %j as the library does, including unknown codes', (code) => {
    expect(countryName(code, 'fr')).toBe(libraryName(code, 'fr'));
  });
});
