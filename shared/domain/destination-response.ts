// domain → DestinationResponse, DestinationDetailResponse and DestinationBundleResponse, named in the request's locale.
import type { InferOutput as Out } from 'valibot';
import type {
  DestinationBundleResponseSchema,
  DestinationDetailResponseSchema,
  DestinationResponseSchema,
} from '#shared/domain/traveler-response-schemas';
import { countryName } from '#shared/domain/country-names';
import { regionName, type BundleRecord, type DestinationRecord, type DestinationSummary } from '#shared/domain/catalog';
import type { ServedLocale } from '#shared/domain/locale';

export const destinationResponse = (destination: DestinationSummary, locale: ServedLocale): Out<typeof DestinationResponseSchema> => ({
  id: destination.id,
  type: destination.type,
  name: destination.type === 'country' ? countryName(destination.id, locale) : regionName(destination.names, locale),
  iso3: destination.iso3,
  iso2: destination.iso2,
  regions: destination.regions,
  countries: destination.countries,
  bundle_count: destination.bundle_count,
});

export const destinationBundleResponse = (bundle: BundleRecord): Out<typeof DestinationBundleResponseSchema> => ({
  id: bundle.id,
  destination: bundle.destination,
  package_type: bundle.package_type,
  size: bundle.size,
  package_duration: bundle.package_duration,
  traffic_policy: bundle.traffic_policy,
  price: bundle.price,
  currency: bundle.currency,
  countries: bundle.countries,
});

export const destinationDetailResponse = (destination: DestinationRecord, locale: ServedLocale): Out<typeof DestinationDetailResponseSchema> => ({
  ...destinationResponse(destination, locale),
  bundles: destination.bundles.map(destinationBundleResponse),
});
