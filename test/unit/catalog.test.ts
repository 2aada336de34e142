// The catalog file's validation and the records it becomes; locale resolution.
import { normalizeDestinationId } from '#shared/domain/catalog';
import { buildCatalog, type CatalogFileInput } from '#shared/domain/catalog-file';
import { resolveLocale } from '#shared/domain/locale';

const makeCatalogFile = (overrides: Partial<CatalogFileInput> = {}): CatalogFileInput => ({
  version: 1,
  published: '2026-11-23',
  regions: [{ id: 'benelux', code: 'XBN', names: { en: 'Benelux', de: 'Benelux' }, countries: ['BEL', 'NLD', 'LUX'] }],
  bundles: [
    {
      id: 'b-bel',
      destination: 'BEL',
      package_type: 'data-limited',
      size: '1GB',
      package_duration: 7,
      traffic_policy: null,
      price: 500,
      currency: 'EUR',
    },
    {
      id: 'b-bnl',
      destination: 'benelux',
      package_type: 'unlimited',
      size: null,
      package_duration: 7,
      traffic_policy: 'fair',
      price: 2500,
      currency: 'EUR',
    },
  ],
  ...overrides,
});

const bundle = (overrides: Record<string, unknown>) => ({ ...makeCatalogFile().bundles[0]!, ...overrides }) as CatalogFileInput['bundles'][number];

describe('Catalog file', () => {
  it('gives a country its own bundles and those of its regions, and a region its members', () => {
    const built = buildCatalog(makeCatalogFile());

    const belgium = built.destinations.find((d) => d.id === 'BEL');
    const benelux = built.destinations.find((d) => d.id === 'benelux');
    expect(belgium).toMatchObject({ type: 'country', iso2: 'BE', regions: ['benelux'], bundle_count: 2 });
    expect(belgium?.bundles.map((b) => b.id)).toEqual(['b-bel', 'b-bnl']);
    expect(benelux).toMatchObject({ type: 'region', iso3: 'XBN', countries: ['BEL', 'NLD', 'LUX'], bundle_count: 1 });
  });

  it('turns every bundle into a catalog package for package_id', () => {
    const built = buildCatalog(makeCatalogFile());

    expect(built.packages.map((p) => p.package)).toEqual([
      { id: 'b-bel', package_type: 'data-limited', size: '1GB', package_duration: 7, destination: 'BEL', traffic_policy: null },
      { id: 'b-bnl', package_type: 'unlimited', size: null, package_duration: 7, destination: 'XBN', traffic_policy: 'fair' },
    ]);
  });

  it.each([
    ['an unknown currency', { bundles: [bundle({ currency: 'EUX' })] }, 'bundles.0.currency'],
    ['a lower-case currency', { bundles: [bundle({ currency: 'eur' })] }, 'bundles.0.currency'],
    ['a fractional price', { bundles: [bundle({ price: 4.5 })] }, 'bundles.0.price'],
    ['a negative price', { bundles: [bundle({ price: -1 })] }, 'bundles.0.price'],
    ['an unknown destination', { bundles: [bundle({ destination: 'XXX' })] }, 'bundles.0.destination'],
    ['a duplicate bundle id', { bundles: [bundle({}), bundle({})] }, 'bundles.1.id'],
    ['a data bundle without size', { bundles: [bundle({ size: null })] }, 'bundles.0.size'],
    ['an unlimited bundle without traffic policy', { bundles: [bundle({ package_type: 'unlimited', size: null })] }, 'bundles.0.traffic_policy'],
    [
      'a region member that is no country',
      { regions: [{ id: 'nowhere', code: 'XNW', names: { en: 'Nowhere' }, countries: ['ZZZ'] }] },
      'regions.0.countries',
    ],
    ['a region id as short as a country code', { regions: [{ id: 'eu', code: 'XEU', names: { en: 'EU' }, countries: ['FRA'] }] }, 'regions.0.id'],
    [
      'a region without an English name',
      { regions: [{ id: 'somewhere', code: 'XSW', names: { de: 'Irgendwo' }, countries: ['FRA'] }] },
      'regions.0.names.en',
    ],
    [
      'a region code outside the X-range',
      { regions: [{ id: 'benelux', code: 'BNL', names: { en: 'Benelux' }, countries: ['BEL'] }] },
      'regions.0.code',
    ],
    ['a region code a country holds', { regions: [{ id: 'benelux', code: 'XKK', names: { en: 'Benelux' }, countries: ['BEL'] }] }, 'regions.0.code'],
    [
      'two regions with one code',
      {
        regions: [
          { id: 'benelux', code: 'XBN', names: { en: 'Benelux' }, countries: ['BEL'] },
          { id: 'nordics', code: 'XBN', names: { en: 'Nordics' }, countries: ['SWE'] },
        ],
      },
      'regions.1.code',
    ],
    ['a missing version', { version: undefined }, 'version'],
  ])('refuses %s', (_, overrides, path) => {
    const file = makeCatalogFile(overrides as Partial<CatalogFileInput>);

    expect(() => buildCatalog(file)).toThrow(
      expect.objectContaining({ status: 400, details: expect.arrayContaining([expect.objectContaining({ path })]) }),
    );
  });

  it.each([
    ['FRA', 'FRA'],
    ['fra', 'FRA'],
    ['fr', 'FRA'],
    ['Europe', 'europe'],
    ['QQ', undefined],
    ['a/b', undefined],
  ])('normalizes destination id %s to %s', (raw, id) => {
    expect(normalizeDestinationId(raw)).toBe(id);
  });
});

describe('Locale resolution', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['de', 'fr', 'de'],
    ['de_AT', undefined, 'de'],
    ['pt-BR', 'de', 'en'],
    [undefined, 'pt-BR, fr;q=0.5, de;q=0.7', 'de'],
    [undefined, 'de;q=0, fr', 'fr'],
    [undefined, '*', 'en'],
    [undefined, ';;;,,,', 'en'],
  ])('locale %s with Accept-Language %s → %s', (requested, header, expected) => {
    expect(resolveLocale(requested, header)).toBe(expected);
  });
});
