// tests → package specifications: a catalog package's default duration, and the country a destination or airport names.
import {
  type CatalogPackage,
  completedSpecification,
  destinationOf,
  specificationFromEntry,
  specificationFromUpdate,
  tripPlaces,
  withCatalogRegions,
  withTripRegion,
} from '#shared/domain/package-specification';

const makeCatalogPackage = (overrides: Partial<CatalogPackage> = {}): CatalogPackage => ({
  id: 'pkg-ita-2gb',
  package_type: 'data-limited',
  size: '2GB',
  package_duration: null,
  destination: 'ITA',
  traffic_policy: null,
  ...overrides,
});

describe('package specifications from the catalog', () => {
  it.each([
    ['data-limited', 365],
    ['starter', 2],
  ] as const)('gives a %s catalog package without a duration its default of %i days, in bookings and updates', (packageType, days) => {
    // Prepare
    const found = makeCatalogPackage({ package_type: packageType });
    const catalog = new Map([[found.id, found]]);

    // Act
    const booked = specificationFromEntry({ package_id: found.id }, catalog, 'package_specifications[0]');
    const updated = specificationFromUpdate({ package_id: found.id }, catalog);

    // Assess
    expect(booked).toMatchObject({ package_id: found.id, package_type: packageType, package_duration: days });
    expect(updated).toMatchObject({ package_id: found.id, package_type: packageType, package_duration: days });
  });

  it("keeps a catalog package's own duration", () => {
    const found = makeCatalogPackage({ package_duration: 30 });

    const booked = specificationFromEntry({ package_id: found.id }, new Map([[found.id, found]]), 'package_specifications[0]');

    expect(booked.package_duration).toBe(30);
  });
});

describe('the country a specification provisions (decision 15)', () => {
  const noCatalog = new Map<string, CatalogPackage>();
  const fromEntry = (entry: Record<string, unknown>) => specificationFromEntry(entry, noCatalog, 'package_specifications[0]');

  it.each([
    [{ destination: 'FRA' }, 'FRA'],
    [{ destination: 'FR' }, 'FRA'],
    [{ destination: 'CDG' }, 'FRA'],
    [{ destination: ['JFK', 'CDG'] }, 'USA'],
    // As a destination, a code that is both a country and an airport is the country (PER: Peru, Perth's airport).
    [{ destination: 'PER' }, 'PER'],
    // As iata_code it is the airport; a code no airport has is read as the country or region it names.
    [{ iata_code: 'PER' }, 'AUS'],
    [{ iata_code: 'DEU' }, 'DEU'],
    [{ iata_code: 'FR' }, 'FRA'],
    [{ iata_code: 'QQQ' }, null],
    [{ destination: 'ITA', iata_code: 'CDG' }, 'ITA'],
    [{ destination: 'QQQ' }, null],
    [{}, null],
  ])('books %j for %s, and keeps the destination as sent', (entry, country) => {
    const specification = fromEntry(entry);

    expect(specification.iso3).toBe(country);
    expect(specification.destination).toEqual(
      (entry as { destination?: unknown }).destination ?? (entry as { iata_code?: unknown }).iata_code ?? null,
    );
  });

  it('provisions a booking where its iso3 says, and an unknown code as sent', () => {
    expect(destinationOf(fromEntry({ iata_code: 'JFK' }))).toBe('USA');
    expect(destinationOf(fromEntry({ iata_code: 'FR' }))).toBe('FRA');
    expect(destinationOf(fromEntry({ destination: 'QQQ' }))).toBe('QQQ');
  });

  it('reads a specification stored before airports were resolved from its country code alone', () => {
    const stored = { destination: 'FR' as const };

    expect(destinationOf(stored)).toBe('FRA');
    expect(destinationOf({ destination: 'CDG' })).toBe('CDG');
  });

  it('resolves the destination of an update call, and the one a traveler chooses for a grant without one', () => {
    const updated = specificationFromUpdate({ package_type: 'data-limited', size: '1GB', destination: 'LHR' }, noCatalog);
    const chosen = completedSpecification(fromEntry({ size: '1GB' }), { destination: 'DE' });

    expect(updated.iso3).toBe('GBR');
    expect([chosen.destination, chosen.iso3, destinationOf(chosen)]).toEqual(['DE', 'DEU', 'DEU']);
  });
});

describe('a trip to several countries (decision F153)', () => {
  const regions = [
    { code: 'XGL', countries: ['FRA', 'ITA', 'USA', 'DEU', 'XKK'] },
    { code: 'XEU', countries: ['FRA', 'ITA', 'DEU', 'XKK'] },
    { code: 'XAM', countries: ['USA'] },
  ];
  const booked = (destination: string[]) => specificationFromEntry({ destination }, new Map(), 'package_specifications[0]');

  it('is provisioned in the smallest region that covers every country, airports read as their country', () => {
    expect(withTripRegion(booked(['FRA', 'ITA']), regions).iso3).toBe('XEU');
    expect(withTripRegion(booked(['CDG', 'JFK']), regions).iso3).toBe('XGL');
  });

  it('reads a region in the trip as its countries, whatever the order', () => {
    expect(withTripRegion(booked(['FRA', 'XEU']), regions).iso3).toBe('XEU');
    expect(withTripRegion(booked(['XEU', 'FRA']), regions).iso3).toBe('XEU');
    expect(withTripRegion(booked(['XEU', 'USA']), regions).iso3).toBe('XGL');
    // Kosovo's XKK is a country code in the X-range, not a region.
    expect(withTripRegion(booked(['XKK', 'FRA']), regions).iso3).toBe('XEU');
  });

  it('keeps its first code when no region covers it, or a code names nothing the catalog knows', () => {
    expect(withTripRegion(booked(['FRA', 'JPN']), regions).iso3).toBe('FRA');
    expect(withTripRegion(booked(['XQQ', 'FRA']), regions).iso3).toBe('XQQ');
    expect(tripPlaces(booked(['QQQ', 'FRA']))).toBeNull();
    expect(booked(['QQQ', 'FRA']).iso3).toBeNull();
  });

  it('is no trip when every code names one country', () => {
    expect(tripPlaces(booked(['CDG', 'ORY', 'FR']))).toBeNull();
    expect(withTripRegion(booked(['CDG', 'ORY']), regions).iso3).toBe('FRA');
  });
});

describe('region codes the catalog does not have (decision 15)', () => {
  const regions = [{ code: 'XEU', countries: ['FRA', 'ITA'] }];
  const booked = (destination: string | string[]) => specificationFromEntry({ destination }, new Map(), 'package_specifications[0]');

  it('name nothing, as an unknown code does: iso3 null, alone or first in a trip', () => {
    expect(withCatalogRegions(booked('XZZ'), regions).iso3).toBeNull();
    expect(withCatalogRegions(booked(['XZZ', 'FRA']), regions).iso3).toBeNull();
  });

  it("keep a region the catalog has, and never read Kosovo's XKK as a region", () => {
    expect(withCatalogRegions(booked('XEU'), regions).iso3).toBe('XEU');
    expect(withCatalogRegions(booked('XKK'), regions).iso3).toBe('XKK');
  });
});
