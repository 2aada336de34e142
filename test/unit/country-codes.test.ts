// tests → domain → country codes read from the table generated from i18n-iso-countries answer as the library does.
import countries from 'i18n-iso-countries/index.js';
import { alpha2ToAlpha3, alpha3Codes, isCountryCode } from '#shared/domain/country-codes';

describe('Module: country-codes', () => {
  it('converts every alpha-2 code, in any case, as the library does', () => {
    // Prepare
    const alpha2 = Object.keys(countries.getAlpha2Codes());

    // Act
    const converted = alpha2.map((code) => alpha2ToAlpha3(code.toLowerCase()));

    // Assess
    expect(converted).toEqual(alpha2.map((code) => countries.alpha2ToAlpha3(code)));
  });

  it('checks every alpha-2, alpha-3 and numeric code as valid, as the library does', () => {
    // Prepare
    const codes = Object.entries(countries.getAlpha3Codes()).flatMap(([alpha3, alpha2]) => [alpha2, alpha3, countries.alpha2ToNumeric(alpha2)!]);

    // Assess
    expect(codes.filter((code) => !isCountryCode(code))).toEqual([]);
    expect(codes).toHaveLength(750);
  });

  it.each(['DE', 'deu', '276', 'XX', 'XXX', '999', 'D', '', 'DEUT'])('checks %s as the library does', (code) => {
    expect(isCountryCode(code)).toBe(countries.isValid(code));
  });

  it('lists the alpha-3 codes as the library does', () => {
    expect(alpha3Codes()).toEqual(countries.getAlpha3Codes());
  });
});
