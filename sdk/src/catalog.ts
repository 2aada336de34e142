// sdk → the catalog: destinations (countries and regions) and the data bundles sold for them, names localized.
import { type DataOf, type RawClient, unwrap } from './answers.ts';

export type DestinationResponse = DataOf<'listDestinations'>[number];
export type DestinationDetailResponse = DataOf<'getDestination'>;
export type DestinationBundleResponse = DestinationDetailResponse['bundles'][number];

/** `locale` (`de`, `fr-CA`…) wins over `acceptLanguage` (an Accept-Language value); English when neither is served. */
export interface LanguageOptions {
  locale?: string;
  acceptLanguage?: string;
}

const language = ({ locale, acceptLanguage }: LanguageOptions) => ({
  query: locale === undefined ? {} : { locale },
  header: acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage },
});

export const destinationCalls = (raw: RawClient) => ({
  /** Every country and region, countries first, with its number of bundles; one answer, no paging. */
  list: async (options: LanguageOptions = {}): Promise<DestinationResponse[]> =>
    (await unwrap(raw.GET('/destinations', { params: language(options) }))).data,
  /** One destination and its bundles by ISO3 (`FRA`), ISO2 (`FR`), region id (`europe`) or region code (`XEU`). */
  get: async (id: string, options: LanguageOptions = {}): Promise<DestinationDetailResponse> =>
    (await unwrap(raw.GET('/destinations/{id}', { params: { ...language(options), path: { id } } }))).data,
});
