// domain → the versioned catalog file: its schema, its validation, and the records it becomes. Only the import path
// (ops, local runtime) loads this module, so request functions do not bundle these schemas.
import * as v from 'valibot';
import { packageTypes } from '#shared/domain/schema-fields';
import { type BundleRecord, CATALOG_LIMITS, type DestinationRecord, REGION_CODE_PATTERN, REGION_ID_PATTERN } from '#shared/domain/catalog';
import { alpha3Codes } from '#shared/domain/country-codes';
import { isPaymentCurrency } from '#shared/domain/currency';
import type { ServedLocale } from '#shared/domain/locale';
import type { CatalogPackage } from '#shared/domain/package-specification';
import { validate } from '#shared/domain/validate';
import { ValidationError, type ErrorDetail } from '#shared/errors';

const ISO3_PATTERN = /^[A-Z]{3}$/;
const SIZE_PATTERN = /^[1-9]\d*(\.\d+)?(MB|GB)$/;

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be a string.`), v.minLength(1, `${field} must not be empty.`), v.maxLength(max, `${field} is too long.`));

const RegionSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(REGION_ID_PATTERN, 'Region ids are 4 to 40 lower-case letters, digits or hyphens.')),
  code: v.pipe(v.string(), v.regex(REGION_CODE_PATTERN, 'Region codes are ISO 3166 user-assigned alpha-3 codes, XAA to XZZ.')),
  /** One name per served locale (shared/domain/locale.ts); English is required, the others fall back to it. */
  names: v.strictObject({
    en: text('names.en', 100),
    de: v.optional(text('names.de', 100)),
    fr: v.optional(text('names.fr', 100)),
    es: v.optional(text('names.es', 100)),
  } satisfies Record<ServedLocale, v.GenericSchema>),
  countries: v.pipe(
    v.array(v.pipe(v.string(), v.regex(ISO3_PATTERN, 'Region members are ISO 3166 alpha-3 codes.'))),
    v.minLength(1, 'A region needs at least one country.'),
    v.maxLength(CATALOG_LIMITS.regionCountries),
  ),
});

const BundleSchema = v.strictObject({
  id: v.pipe(text('id', 100), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Bundle ids are letters, digits, dots, hyphens, underscores.')),
  /** A country's ISO3 code or a region id. */
  destination: text('destination', 40),
  package_type: v.picklist(packageTypes),
  size: v.nullable(v.pipe(v.string(), v.regex(SIZE_PATTERN, 'size must look like 500MB or 1.5GB.'))),
  package_duration: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)),
  traffic_policy: v.nullable(text('traffic_policy', 100)),
  price: v.pipe(v.number(), v.safeInteger('price is an integer in the smallest currency unit.'), v.minValue(0)),
  currency: v.pipe(v.string(), v.check(isPaymentCurrency, 'currency must be the ISO 4217 code of a currency prices are paid in.')),
});

export const CatalogFileSchema = v.strictObject({
  version: v.pipe(v.number(), v.safeInteger(), v.minValue(1, 'version is a whole number from 1.')),
  published: v.pipe(v.string(), v.isoDate('published is a date, YYYY-MM-DD.')),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  regions: v.pipe(v.array(RegionSchema), v.maxLength(CATALOG_LIMITS.regions)),
  bundles: v.pipe(v.array(BundleSchema), v.maxLength(CATALOG_LIMITS.bundles)),
});
export type CatalogFileInput = v.InferInput<typeof CatalogFileSchema>;
export type CatalogFile = v.InferOutput<typeof CatalogFileSchema>;

export interface BuiltCatalog {
  version: number;
  destinations: DestinationRecord[];
  packages: Array<{ package: CatalogPackage; bundle: BundleRecord }>;
}

const catalogProblem = (details: ErrorDetail[]) => {
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new ValidationError(`The catalog file is not valid: ${first?.path || '(file)'}: ${first?.message ?? ''}${more}`, details);
};

const parseCatalogFile = (raw: unknown): CatalogFile => {
  try {
    return validate(CatalogFileSchema, raw);
  } catch (error) {
    throw error instanceof ValidationError ? catalogProblem(error.details) : error;
  }
};

/** Validates the file (schema, then cross-references) and builds every record the store keeps. */
export const buildCatalog = (raw: unknown): BuiltCatalog => {
  const file = parseCatalogFile(raw);
  const problems: ErrorDetail[] = [];
  const alpha3 = alpha3Codes();
  const regionsOf = new Map<string, string[]>();
  const regionMembers = new Map<string, string[]>();
  const regionCode = new Map(file.regions.map((region) => [region.id, region.code]));
  const codesSeen = new Set<string>();
  file.regions.forEach((region, i) => {
    if (regionMembers.has(region.id)) problems.push({ path: `regions.${i}.id`, message: `Region ${region.id} appears twice.` });
    if (codesSeen.has(region.code) || alpha3[region.code]) {
      problems.push({ path: `regions.${i}.code`, message: `${region.code} is already another region's or a country's code.` });
    }
    codesSeen.add(region.code);
    const members = [...new Set(region.countries)];
    for (const code of members) {
      if (!alpha3[code]) problems.push({ path: `regions.${i}.countries`, message: `${code} is not an ISO 3166 alpha-3 code.` });
      regionsOf.set(code, [...(regionsOf.get(code) ?? []), region.id]);
    }
    regionMembers.set(region.id, members);
  });

  const bundlesFor = new Map<string, BundleRecord[]>();
  const seen = new Set<string>();
  const packages: BuiltCatalog['packages'] = [];
  file.bundles.forEach((bundle, i) => {
    const path = `bundles.${i}`;
    if (seen.has(bundle.id)) problems.push({ path: `${path}.id`, message: `Bundle ${bundle.id} appears twice.` });
    seen.add(bundle.id);
    const coverage = alpha3[bundle.destination] ? [bundle.destination] : regionMembers.get(bundle.destination);
    if (!coverage) problems.push({ path: `${path}.destination`, message: `${bundle.destination} is neither an ISO3 country nor a region.` });
    if (bundle.package_type === 'unlimited' && !bundle.traffic_policy) {
      problems.push({ path: `${path}.traffic_policy`, message: 'Unlimited bundles need a traffic_policy.' });
    }
    if (bundle.package_type !== 'unlimited' && !bundle.size) problems.push({ path: `${path}.size`, message: 'This package_type needs a size.' });
    const record: BundleRecord = { ...bundle, countries: coverage ?? [] };
    bundlesFor.set(bundle.destination, [...(bundlesFor.get(bundle.destination) ?? []), record]);
    packages.push({
      bundle: record,
      package: {
        id: bundle.id,
        package_type: bundle.package_type,
        size: bundle.size,
        package_duration: bundle.package_duration,
        // A region bundle is booked for the region's code, which covers its member countries.
        destination: regionCode.get(bundle.destination) ?? coverage?.[0] ?? null,
        traffic_policy: bundle.traffic_policy,
      },
    });
  });

  const destinations: DestinationRecord[] = [];
  for (const [iso3, iso2] of Object.entries(alpha3)) {
    const regions = regionsOf.get(iso3) ?? [];
    // A country also offers the bundles of every region it belongs to.
    const bundles = [...(bundlesFor.get(iso3) ?? []), ...regions.flatMap((id) => bundlesFor.get(id) ?? [])];
    destinations.push({ id: iso3, type: 'country', iso3, iso2, names: null, regions, countries: [iso3], bundle_count: bundles.length, bundles });
  }
  for (const region of file.regions) {
    const bundles = bundlesFor.get(region.id) ?? [];
    const members = regionMembers.get(region.id) ?? [];
    destinations.push({
      id: region.id,
      type: 'region',
      iso3: region.code,
      iso2: null,
      names: region.names,
      regions: [],
      countries: members,
      bundle_count: bundles.length,
      bundles,
    });
  }
  for (const destination of destinations) {
    if (destination.bundles.length > CATALOG_LIMITS.bundlesPerDestination) {
      problems.push({ path: 'bundles', message: `${destination.id} would offer more than ${CATALOG_LIMITS.bundlesPerDestination} bundles.` });
    }
  }
  if (problems.length > 0) throw catalogProblem(problems);
  return { version: file.version, destinations, packages };
};
