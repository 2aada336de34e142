// use case → what the traveler's home page shows; the data comes through the TravelerHomeSource port.
import type { Brand } from '#shared/domain/brand';
import type { DestinationSummary } from '#shared/domain/catalog';
import { isCountryCode } from '#shared/domain/country-codes';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';
import type { BrandDirectory } from '#shared/usecases/ports/partners';
import type { TravelerSession, TravelerHomeView, TravelerHomeSource } from '#shared/usecases/ports/travelers';

/** Input: the session (partner + traveler, nothing else). Output: that traveler's view and the brand to style it. */
export const showTravelerHome = async (
  input: { session: TravelerSession },
  deps: { home: TravelerHomeSource; brands: Pick<BrandDirectory, 'resolve'> },
): Promise<{ view: TravelerHomeView; brand: Brand | undefined }> => {
  const { partner_id: partnerId, external_user_id: externalUserId } = input.session;
  const view = await deps.home.load(partnerId, externalUserId);
  const brand = await deps.brands.resolve(partnerId, view.brandId);
  return { view, brand };
};

/** The catalog's names of regions by id and by code, per language; countries are named from ISO 3166 when a page is rendered. */
export type RegionNames = Record<string, DestinationSummary['names']>;

const destinationsOf = (view: TravelerHomeView): string[] => [
  ...view.packageQueues.flatMap((entry) => entry.package.destination ?? []),
  ...(view.currentEsim?.packages ?? []).flatMap((pkg) => pkg.destination ?? []),
];

/**
 * Input: the session. Output: the home view, its brand, and the names of the regions among its packages'
 * destinations (a package provisioned for a region carries the region's code, XEU; older ones its id): one read of
 * the catalog's regions when there is such a package, none for countries.
 */
export const showTravelerHomePage = async (
  input: { session: TravelerSession },
  deps: Parameters<typeof showTravelerHome>[1] & { catalog: Pick<DestinationCatalog, 'listRegions'> },
): Promise<{ view: TravelerHomeView; brand: Brand | undefined; regionNames: RegionNames }> => {
  const { view, brand } = await showTravelerHome(input, deps);
  const hasRegion = destinationsOf(view).some((code) => !isCountryCode(code));
  const regions = hasRegion ? await deps.catalog.listRegions() : [];
  return {
    view,
    brand,
    regionNames: Object.fromEntries(
      regions.flatMap((region) => [
        [region.id, region.names],
        [region.code, region.names],
      ]),
    ),
  };
};
