// use cases → partners read destinations of the global catalog (imported by catalog.ts).
import { normalizeDestinationId, REGION_CODE_PATTERN, type DestinationRecord, type DestinationSummary } from '#shared/domain/catalog';
import { NotFoundError } from '#shared/errors';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';

/** Every destination, countries (by ISO3) first, then regions, each group in id order. */
export const listDestinations = async (deps: { catalog: Pick<DestinationCatalog, 'listDestinations'> }): Promise<DestinationSummary[]> =>
  (await deps.catalog.listDestinations()).sort((a, b) => (a.type === b.type ? a.id.localeCompare(b.id) : a.type === 'country' ? -1 : 1));

type FindDestinationDeps = { catalog: Pick<DestinationCatalog, 'getDestination' | 'listRegions'> };

/** A region's id from its X-code: one Query of the regions (at most 50), not of every destination. */
const regionIdOf = async (code: string, deps: FindDestinationDeps): Promise<string | undefined> =>
  (await deps.catalog.listRegions()).find((region) => region.code === code)?.id;

/** One destination with its bundles; `id` is an ISO3 or ISO2 country code (any case), a region id or a region's code. */
export const findDestination = async (id: string, deps: FindDestinationDeps): Promise<DestinationRecord> => {
  const normalized = normalizeDestinationId(id);
  let found = normalized ? await deps.catalog.getDestination(normalized) : undefined;
  // A country may hold an X-code too (Kosovo is XKK in i18n-iso-countries), so the stored id is tried first.
  const regionId = !found && normalized && REGION_CODE_PATTERN.test(normalized) ? await regionIdOf(normalized, deps) : undefined;
  if (regionId) found = await deps.catalog.getDestination(regionId);
  if (!found) throw new NotFoundError(`No destination with id "${id.slice(0, 64)}". GET /destinations lists them.`, 'destination_not_found');
  return found;
};
