// use cases → partners read destinations of the global catalog (imported by catalog.ts).
import { normalizeDestinationId, REGION_CODE_PATTERN, type DestinationRecord, type DestinationSummary } from '#shared/domain/catalog';
import { NotFoundError } from '#shared/errors';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';

/** Every destination, countries (by ISO3) first, then regions, each group in id order. */
export const listDestinations = async (deps: { catalog: DestinationCatalog }): Promise<DestinationSummary[]> =>
  (await deps.catalog.listDestinations()).sort((a, b) => (a.type === b.type ? a.id.localeCompare(b.id) : a.type === 'country' ? -1 : 1));

/** A region's id from its X-code: the list is one Query of the bounded destination collection. */
const regionIdOf = async (code: string, deps: { catalog: DestinationCatalog }): Promise<string | undefined> =>
  (await deps.catalog.listDestinations()).find((destination) => destination.type === 'region' && destination.iso3 === code)?.id;

/** One destination with its bundles; `id` is an ISO3 or ISO2 country code (any case), a region id or a region's code. */
export const findDestination = async (id: string, deps: { catalog: DestinationCatalog }): Promise<DestinationRecord> => {
  const normalized = normalizeDestinationId(id);
  let found = normalized ? await deps.catalog.getDestination(normalized) : undefined;
  // A country may hold an X-code too (Kosovo is XKK in i18n-iso-countries), so the stored id is tried first.
  const regionId = !found && normalized && REGION_CODE_PATTERN.test(normalized) ? await regionIdOf(normalized, deps) : undefined;
  if (regionId) found = await deps.catalog.getDestination(regionId);
  if (!found) throw new NotFoundError(`No destination with id "${id.slice(0, 64)}". GET /destinations lists them.`, 'destination_not_found');
  return found;
};
