// tests → the ISO code tables in shared/data/codes/: each is the generator's output from the installed library.
import currencyCodes from 'currency-codes';
import countryFile from '../../shared/data/codes/iso-3166.json' with { type: 'json' };
import currencyFile from '../../shared/data/codes/iso-4217.json' with { type: 'json' };
import { countryTable, currencyTable } from '#bin/build-codes';
import { isIso4217 } from '#shared/domain/currency';

describe('ISO code tables', () => {
  it('hold exactly what the generator writes from the installed packages (run `npm run build:codes` after an update)', () => {
    expect(countryFile).toEqual(countryTable());
    expect(currencyFile).toEqual(currencyTable());
  });

  it('know every currency code of the package, including fund codes and precious metals, and no other', () => {
    // Prepare
    const libraryCodes = currencyCodes.codes();

    // Assess
    expect(libraryCodes.filter((code) => !isIso4217(code))).toEqual([]);
    expect(currencyFile.count).toBe(libraryCodes.length);
    expect(['EUR', 'JPY', 'BOV', 'XAU'].every(isIso4217)).toBe(true);
    expect(['XYZ', 'eur', 'EU', 'EURO', 'UR', ''].some(isIso4217)).toBe(false);
  });

  it('write sorted currencies and fixed-width countries, leaving out duplicates and malformed rows', () => {
    const currencies = currencyTable(['USD', 'EUR', 'usd', 'EURO', 'EUR'], '9.9.9');
    const countries = countryTable(
      [
        ['FR', 'FRA', '250', 'ISO 3166-2:FR'],
        ['X', 'XXX', '999'],
        ['DE', 'DEU', '27'],
      ],
      '1.2.3',
    );

    expect(currencies).toMatchObject({ count: 2, codes: 'EURUSD' });
    expect(currencies.source).toContain('currency-codes 9.9.9');
    expect(countries).toMatchObject({ count: 1, codes: 'FRFRA250' });
    expect(countries.source).toContain('i18n-iso-countries 1.2.3');
  });
});
