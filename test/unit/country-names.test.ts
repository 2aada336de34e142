// tests → domain → country names come from the runtime's CLDR data for every ISO 3166 code, in every served language.
import countries from 'i18n-iso-countries/index.js';
import { countryName } from '#shared/domain/country-names';
import { servedLocales } from '#shared/domain/locale';

const everyCode = Object.entries(countries.getAlpha3Codes()).flatMap(([alpha3, alpha2]) => [alpha3, alpha2, countries.alpha3ToNumeric(alpha3)!]);

describe('Module: country-names', () => {
  it.each(servedLocales)('names every alpha-3, alpha-2 and numeric code in %s, each form of a code alike', (locale) => {
    // Act
    const names = everyCode.map((code) => countryName(code, locale));

    // Assess: a name, never the code, and the same name for a country's three codes
    expect(everyCode.length).toBeGreaterThan(700);
    expect(names.filter((name, at) => name === everyCode[at])).toEqual([]);
    for (let at = 0; at < names.length; at += 3) expect([names[at + 1], names[at + 2]]).toEqual([names[at], names[at]]);
  });

  it.each([
    ['USA', 'en', 'United States'],
    ['twn', 'en', 'Taiwan'],
    ['DEU', 'de', 'Deutschland'],
    ['CZE', 'fr', 'Tchéquie'],
    ['XKK', 'es', 'Kosovo'],
    ['HKG', 'en', 'Hong Kong'],
    ['HKG', 'de', 'Hongkong'],
    ['MAC', 'fr', 'Macao'],
  ])('names %s in %s as travelers know it: %s', (code, locale, expected) => {
    expect(countryName(code, locale as (typeof servedLocales)[number])).toBe(expected);
  });

  it.each(['XXX', 'XX', 'EU', 'ZZ', '999', ''])('answers %j, which is no ISO 3166 country, with the code itself', (code) => {
    expect(countryName(code, 'fr')).toBe(code);
  });
});
