// tests → the IATA airport table: airports read as their country, the committed table is the generator's own output.
import airportFile from '../../shared/data/airports/iata-countries.json' with { type: 'json' };
import { airportTable } from '#bin/build-airports';
import { countryOfAirport } from '#shared/domain/airports';
import { alpha2ToAlpha3 } from '#shared/domain/country-codes';

const countries = airportFile.countries as Record<string, string>;

describe('IATA airport codes', () => {
  it.each([
    ['CDG', 'FRA'],
    ['JFK', 'USA'],
    ['PER', 'AUS'],
    ['BEL', 'BRA'],
    ['KEF', 'ISL'],
    ['HKG', 'HKG'],
  ])('reads %s as an airport in %s', (airport, country) => {
    expect(countryOfAirport(airport)).toBe(country);
  });

  it('knows no country for a code no open airport has, nor for a lower-case code', () => {
    expect(countryOfAirport('QQQ')).toBeNull();
    expect(countryOfAirport('cdg')).toBeNull();
  });

  it('keys every group by an ISO 3166 country and puts no airport in two countries', () => {
    // Prepare
    const airports = Object.values(countries).flatMap((list) => list.match(/.{3}/g) ?? []);

    // Assess
    expect(Object.keys(countries).filter((alpha2) => !alpha2ToAlpha3(alpha2))).toEqual([]);
    expect(new Set(airports).size).toBe(airports.length);
    expect(airports).toHaveLength(airportFile.airports);
    expect(airportFile.airports).toBeGreaterThan(8_000);
  });

  it('holds exactly what the generator writes for its own airports (the file is generated, not edited)', () => {
    // Prepare: the table's pairs, shuffled and with a duplicate and malformed rows, as a data release could hold them
    const pairs = Object.entries(countries).flatMap(([country, list]) => (list.match(/.{3}/g) ?? []).map((code) => ({ code, country })));
    const rows = [...pairs].reverse().concat([pairs[0]!, { code: 'ab', country: 'FR' }, { code: 'XYZ', country: 'France' }]);
    const codes = rows.map(({ code }, id) => ({ id, iata_code: code }));
    const regions = rows.map(({ country }, id) => ({ id, iso_country: country }));

    // Act
    const rebuilt = airportTable(codes, regions);

    // Assess
    expect(rebuilt.countries).toEqual(countries);
    expect(rebuilt.airports).toBe(airportFile.airports);
    expect(airportFile).toEqual(rebuilt);
  });
});
