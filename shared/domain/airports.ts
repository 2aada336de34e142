// domain → which country an IATA airport code is in, from the dated table shared/data/airports/iata-countries.json
// (OurAirports; `npm run build:airports` refreshes it). Only the calls that store a package specification bundle it.
import airportFile from '../data/airports/iata-countries.json' with { type: 'json' };
import { alpha2ToAlpha3 } from '#shared/domain/country-codes';

let countryByAirport: Map<string, string> | undefined;

/** Built on the first look-up, not at load: most requests name a country, not an airport. */
const airportCountries = (): Map<string, string> => {
  if (countryByAirport) return countryByAirport;
  countryByAirport = new Map();
  for (const [alpha2, airports] of Object.entries(airportFile.countries as Record<string, string>)) {
    const alpha3 = alpha2ToAlpha3(alpha2);
    if (!alpha3) continue;
    for (let at = 0; at < airports.length; at += 3) countryByAirport.set(airports.slice(at, at + 3), alpha3);
  }
  return countryByAirport;
};

/** The ISO3 code of the country of an open airport with this IATA code (upper case), or null for an unknown code. */
export const countryOfAirport = (code: string): string | null => airportCountries().get(code) ?? null;
