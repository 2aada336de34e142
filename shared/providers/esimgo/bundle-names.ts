// provider adapter → which eSIM Go bundle a package of ours is: configuration in the provider secret. An explicit
// name per destination, size and duration wins; otherwise the template is filled in, by default
// `esim_{size}_{days}D_{country}_V2` (e.g. `esim_1GB_7D_FR_V2`), as eSIM Go names its catalogue bundles.
import { toAlpha2 } from '#shared/domain/country-codes';
import type { PackagePlan } from '#shared/usecases/ports/lifecycle';

export const DEFAULT_BUNDLE_TEMPLATE = 'esim_{size}_{days}D_{country}_V2';

export interface BundleNaming {
  /** Placeholders `{size}` (`1GB`, `500MB`, `UL` for no data limit), `{days}` and `{country}`. */
  template: string;
  /** The `{country}` code per destination (ISO3) or `universal`; a country without one uses its ISO2 code. */
  countries: Record<string, string>;
  /** Explicit bundle names by `<ISO3 or universal>:<size or unlimited>:<days>`, e.g. `FRA:1GB:7`. */
  names: Record<string, string>;
}

export const bundleKey = (plan: Pick<PackagePlan, 'size' | 'durationDays' | 'destination'>): string =>
  `${plan.destination ?? 'universal'}:${plan.size ?? 'unlimited'}:${plan.durationDays}`;

/** The bundle name, or undefined when the configuration names none for this package (no country code). */
export const bundleNameFor = (naming: BundleNaming, plan: Pick<PackagePlan, 'size' | 'durationDays' | 'destination'>): string | undefined => {
  const explicit = naming.names[bundleKey(plan)];
  if (explicit) return explicit;
  const country = naming.countries[plan.destination ?? 'universal'] ?? (plan.destination ? toAlpha2(plan.destination) : undefined);
  if (!country) return undefined;
  return naming.template
    .replaceAll('{size}', plan.size ?? 'UL')
    .replaceAll('{days}', String(plan.durationDays))
    .replaceAll('{country}', country);
};
