// domain → turning what a partner asked for into a concrete package specification (defaults, catalog look-ups).
// The package's Node entry registers every locale (~800 KB); codes alone are all this needs.
import { REGION_CODE_PATTERN } from '#shared/domain/catalog';
import { countryOfAirport } from '#shared/domain/airports';
import { alpha2ToAlpha3, isCountryCode } from '#shared/domain/country-codes';
import type { PackageSpecification } from '#shared/domain/booking';
import type { PackageSpecificationEntryOutput } from '#shared/domain/booking-schemas';
import type { PackageType } from '#shared/domain/schema-fields';
import type { PromoPackageSpecificationOutput } from '#shared/domain/package-schemas';
import { BadRequestError, ConflictError } from '#shared/errors';

/** Default duration in days per package type; `unlimited` has none (the spec requires it on update calls). */
export const defaultDurationDays: Record<PackageType, number | null> = {
  'data-limited': 365,
  starter: 2,
  'time-limited': 2,
  unlimited: null,
};

export const DEFAULT_PACKAGE_TYPE: PackageType = 'data-limited';

/** A package of the catalog that `package_id` refers to. */
export interface CatalogPackage {
  id: string;
  package_type: PackageType;
  size: string | null;
  package_duration: number | null;
  destination: string | string[] | null;
  traffic_policy: string | null;
}

/** A region of the catalog: its X-range code and the countries (ISO3) it covers. */
export interface RegionCoverage {
  code: string;
  countries: readonly string[];
  /** Its name by language, as the catalog gives it (for the emails that name the package's place). */
  names?: Partial<Record<string, string>> | null;
}

export interface PackageCatalog {
  /** Resolves the ids it knows; unknown ids are simply absent from the map. */
  findPackages(ids: readonly string[]): Promise<Map<string, CatalogPackage>>;
  /** The catalog's regions with their countries: a trip to several countries is provisioned in one of them. */
  listRegions(): Promise<RegionCoverage[]>;
}

/** Whether provisioning a specification needs the partner's size: it names none and its package counts data. */
export const needsDefaultSize = (spec: Pick<PackageSpecification, 'size' | 'package_type'>): boolean =>
  spec.size === null && spec.package_type !== 'unlimited';

/**
 * A grant's specification as it is provisioned. Spec: "When an entry gives no destination, the traveler is asked for
 * it and the size follows partner settings": the destination the traveler chose fills a missing one, and the
 * partner's size a missing size of a package that counts data (decision F145).
 */
export const completedSpecification = (
  spec: PackageSpecification,
  choices: { destination?: string; defaultSize?: string },
): PackageSpecification => ({
  ...(spec.destination === null && choices.destination ? withDestination(spec, choices.destination) : spec),
  size: needsDefaultSize(spec) ? (choices.defaultSize ?? null) : spec.size,
});

/** A specification for a destination the traveler chose: a country the app offered (airports are not resolved here). */
export const withDestination = (spec: PackageSpecification, destination: string | string[]): PackageSpecification => ({
  ...spec,
  destination,
  iso3: iso3Of(destination),
});

const firstOf = (destination: string | string[] | null): string | null => (Array.isArray(destination) ? destination[0] : destination) ?? null;

/** ISO3 of the first destination when it is an ISO 3166 country (alpha-2 codes are converted) or a region's X-code. */
export const iso3Of = (destination: string | string[] | null): string | null => {
  const first = firstOf(destination);
  if (!first) return null;
  if (first.length === 2) return alpha2ToAlpha3(first) ?? null;
  return isCountryCode(first) || REGION_CODE_PATTERN.test(first) ? first : null;
};

/**
 * The country a stored destination names (decision 15). Each field reads its own kind of code first: a `destination`
 * is a country code or region as itself, else an airport's country (PER is Peru); an `iata_code` is an airport's
 * country, else a country or region code as itself (PER is Perth, DEU no airport and so Germany).
 */
export const countryOf = (destination: string | string[] | null, given: 'destination' | 'iata_code' = 'destination'): string | null => {
  const first = firstOf(destination);
  if (!first) return null;
  if (given === 'iata_code') return countryOfAirport(first) ?? iso3Of(first);
  return iso3Of(first) ?? (first.length === 3 ? countryOfAirport(first) : null);
};

/**
 * The distinct places (countries, regions) of a multi-destination trip when it names several and each code names
 * one (airports as their country); null otherwise, also when a code names nothing (nothing is guessed).
 */
export const tripPlaces = (spec: Pick<PackageSpecification, 'destination'>): string[] | null => {
  if (!Array.isArray(spec.destination)) return null;
  const places = spec.destination.map((code) => countryOf(code));
  if (places.some((place) => place === null)) return null;
  const distinct = [...new Set(places as string[])];
  return distinct.length > 1 ? distinct : null;
};

/**
 * A trip to several places is provisioned in the smallest region that covers them all (decision F153): one eSIM
 * package that works in each; a region in the trip stands for its countries. Without such a region, or with a
 * region code the catalog does not know, it keeps its first code, as before.
 */
export const withTripRegion = (spec: PackageSpecification, regions: readonly RegionCoverage[]): PackageSpecification => {
  const places = tripPlaces(spec);
  if (!places) return spec;
  const countries = new Set<string>();
  for (const place of places) {
    // Kosovo's XKK is a country code in the X-range: a country code is never read as a region.
    const members = isCountryCode(place) ? [place] : regions.find((region) => region.code === place)?.countries;
    if (!members) return spec;
    for (const country of members) countries.add(country);
  }
  const covering = regions
    .filter((region) => [...countries].every((country) => region.countries.includes(country)))
    .sort((a, b) => a.countries.length - b.countries.length || a.code.localeCompare(b.code))[0];
  return covering ? { ...spec, iso3: covering.code } : spec;
};

/** A region's X-range code, not a country's (Kosovo's XKK is a country). */
export const isRegionCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && REGION_CODE_PATTERN.test(code) && !isCountryCode(code);

/** Whether storing this specification needs the catalog's regions: a trip to several places, or a region's code. */
export const needsRegions = (spec: PackageSpecification): boolean => tripPlaces(spec) !== null || isRegionCode(spec.iso3);

/**
 * The specification as the catalog's regions resolve it: a region code the catalog does not have names nothing
 * (`iso3` null, as an unknown code, decision 15), and a trip gets its smallest covering region (F153).
 */
export const withCatalogRegions = (spec: PackageSpecification, regions: readonly RegionCoverage[]): PackageSpecification => {
  const known = isRegionCode(spec.iso3) && !regions.some((region) => region.code === spec.iso3) ? { ...spec, iso3: null } : spec;
  return withTripRegion(known, regions);
};

/** Where a stored specification provisions: its resolved country, else its first destination as given. */
export const destinationOf = (spec: Pick<PackageSpecification, 'destination' | 'iso3'>): string | null =>
  (spec.iso3 === undefined ? iso3Of(spec.destination) : spec.iso3) ?? firstOf(spec.destination);

/** A catalog package without a duration takes its type's default, as a booking entry would (spec: 365 for data-limited). */
const fromCatalog = (found: CatalogPackage): PackageSpecification => ({
  package_type: found.package_type,
  package_duration: found.package_duration ?? defaultDurationDays[found.package_type],
  size: found.size,
  destination: found.destination,
  package_id: found.id,
  bundle_id: null,
  traffic_policy: found.traffic_policy,
  iso3: countryOf(found.destination),
});

const unknownPackage = (path: string, id: string) =>
  new BadRequestError('unknown_package', `package_id "${id}" does not exist in the catalog.`, [{ path, message: 'Unknown package id.' }]);

/**
 * A booking entry: `package_id` wins over every other field when present (spec). A `bundle_id` that names a catalog
 * bundle fills what the entry leaves out (type, duration, size, destination; issue 7: "a bundle id is a valid
 * bundle_id/package_id"); any other `bundle_id` is the partner's label, kept as given.
 */
export const specificationFromEntry = (
  entry: PackageSpecificationEntryOutput,
  catalog: Map<string, CatalogPackage>,
  path: string,
): PackageSpecification => {
  if (entry.package_id) {
    const found = catalog.get(entry.package_id);
    if (!found) throw unknownPackage(`${path}.package_id`, entry.package_id);
    return { ...fromCatalog(found), bundle_id: entry.bundle_id ?? null };
  }
  const found = entry.bundle_id ? catalog.get(entry.bundle_id) : undefined;
  const bundle = found ? fromCatalog(found) : undefined;
  const packageType = entry.package_type ?? bundle?.package_type ?? DEFAULT_PACKAGE_TYPE;
  const sameType = bundle?.package_type === packageType;
  const own = entry.destination ?? entry.iata_code;
  return {
    package_type: packageType,
    package_duration: entry.package_duration ?? (sameType ? bundle.package_duration : defaultDurationDays[packageType]),
    size: entry.size ?? (sameType ? bundle.size : null),
    destination: own ?? bundle?.destination ?? null,
    package_id: null,
    bundle_id: entry.bundle_id ?? null,
    traffic_policy: sameType ? bundle.traffic_policy : null,
    // When an entry gives both, `destination` wins (decision 15); without either, the bundle's place.
    iso3: entry.destination ? countryOf(entry.destination) : entry.iata_code ? countryOf(entry.iata_code, 'iata_code') : (bundle?.iso3 ?? null),
  };
};

/**
 * An update-call specification. `package_id` alone copies the referenced package; with `package_type` the
 * explicit fields are used (the schema has already enforced the conditional-requirement table).
 */
export const specificationFromUpdate = (spec: PromoPackageSpecificationOutput, catalog: Map<string, CatalogPackage>): PackageSpecification => {
  const found = spec.package_id ? catalog.get(spec.package_id) : undefined;
  if (spec.package_id && !found) throw unknownPackage('package_specification.package_id', spec.package_id);
  if (!spec.package_type && found) return fromCatalog(found);
  const packageType = spec.package_type ?? DEFAULT_PACKAGE_TYPE;
  return {
    package_type: packageType,
    package_duration: spec.package_duration ?? defaultDurationDays[packageType],
    size: spec.size ?? null,
    destination: spec.destination ?? null,
    package_id: spec.package_id ?? null,
    bundle_id: null,
    traffic_policy: packageType === 'unlimited' ? (spec.traffic_policy ?? null) : null,
    iso3: countryOf(spec.destination ?? null),
  };
};

export const DEPRECATED_TIME_LIMITED_WARNING = '299 - "package_type time-limited is deprecated: use data-limited with a short package_duration"';

export const usesDeprecatedType = (specs: readonly PackageSpecification[]): boolean => specs.some((spec) => spec.package_type === 'time-limited');

/**
 * The entries whose `expires_at` bounds nothing: they name no traveler, so they make a promo code and no grant whose
 * redemption window it could end (F27). Said in a warning rather than dropped in silence.
 */
export const unboundedExpiries = (
  entries: readonly { expires_at?: string | null }[],
  promoCodes: readonly { package_queue_uuid: string | null }[],
): number[] => entries.flatMap((entry, index) => (entry.expires_at && promoCodes[index]?.package_queue_uuid === null ? [index] : []));

export const unboundedExpiryWarning = (indexes: readonly number[]): string =>
  `299 - "expires_at is ignored on package_specifications ${indexes.join(', ')}: an entry without external_user_id or email makes a promo code, not a grant with a redemption window"`;

/**
 * What a grant must name before it can be provisioned: an unlimited one its duration. The spec gives `unlimited` no
 * default ("duration required on update calls") and decision 17 invents none, so redeeming or claiming one without
 * it is refused, and the partner gives it one with the update call (decision F151).
 */
export const assertProvisionable = (spec: Pick<PackageSpecification, 'package_type' | 'package_duration'>): void => {
  if (spec.package_type === 'unlimited' && spec.package_duration === null) {
    throw new ConflictError(
      'package_duration_required',
      'This unlimited grant has no package_duration: the partner must set one with the package specification update call before it can be redeemed.',
    );
  }
};
