// tests → a package specification resolved from a catalog package: the type's default duration when the catalog has none.
import { type CatalogPackage, specificationFromEntry, specificationFromUpdate } from '#shared/domain/package-specification';

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
