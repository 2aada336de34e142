// domain → the destination catalog: the records the catalog file becomes, as destinations read them.
// Countries come from ISO 3166 (i18n-iso-countries); the file adds named regions and the bundles sold. The file's
// schema and validation are in catalog-file.ts, which only the import path loads.
import { alpha2ToAlpha3 } from '#shared/domain/country-codes';
import type { PackageType } from '#shared/domain/schema-fields';
import { DEFAULT_LOCALE, type ServedLocale } from '#shared/domain/locale';

/** Bounds that keep every destination item far below DynamoDB's 400 KB and the list within one Query page. */
export const CATALOG_LIMITS = { regions: 50, regionCountries: 300, bundles: 2000, bundlesPerDestination: 100 } as const;

/** Region ids are 4+ characters, so they never collide with a 2- or 3-letter country code. */
export const REGION_ID_PATTERN = /^[a-z0-9][a-z0-9-]{3,39}$/;

/**
 * A region's code: an alpha-3 code from ISO 3166's user-assigned X-range (XAA–XZZ), never a country's, so it fits
 * a package specification's `destination` (`^[A-Z]{2,3}$`) and the destination's `iso3` (decision F64).
 */
export const REGION_CODE_PATTERN = /^X[A-Z]{2}$/;

/** A bundle as a destination lists it; its id is a valid `package_id` for bookings and the update calls. */
export interface BundleRecord {
  id: string;
  /** The destination it is sold for: a country's ISO3 code or a region id. */
  destination: string;
  package_type: PackageType;
  size: string | null;
  package_duration: number;
  traffic_policy: string | null;
  price: number;
  currency: string;
  /** ISO3 codes of the countries where it works. */
  countries: string[];
}

export interface DestinationSummary {
  id: string;
  type: 'country' | 'region';
  /** A country's ISO 3166 alpha-3 code, or a region's X-range code. */
  iso3: string | null;
  iso2: string | null;
  /** Region names per locale; countries are named from ISO 3166 at read time. */
  names: Partial<Record<ServedLocale, string>> | null;
  /** Regions a country belongs to; empty for regions. */
  regions: string[];
  /** Countries covered: the country itself, or a region's members. */
  countries: string[];
  bundle_count: number;
}

/** A region as the traveler's pages and provisioning read it: its id, its X-range code, its names and countries. */
export interface CatalogRegion {
  id: string;
  code: string;
  names: DestinationSummary['names'];
  countries: string[];
}

export interface DestinationRecord extends DestinationSummary {
  bundles: BundleRecord[];
}

/** Turns a request's `{id}` into the stored id: ISO3 upper-case (ISO2 converted), region ids lower-case. */
export const normalizeDestinationId = (raw: string): string | undefined => {
  const value = raw.trim();
  if (/^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(value)) return alpha2ToAlpha3(value);
  const region = value.toLowerCase();
  return REGION_ID_PATTERN.test(region) ? region : undefined;
};

/** English, the region's own fallback when a locale has no name. */
export const regionName = (names: DestinationSummary['names'], locale: ServedLocale): string => names?.[locale] ?? names?.[DEFAULT_LOCALE] ?? '';
