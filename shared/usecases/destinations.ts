// use cases → partners read destinations of the global catalog (imported by catalog.ts).
import { normalizeDestinationId, type DestinationRecord, type DestinationSummary } from '#shared/domain/catalog';
import { NotFoundError } from '#shared/errors';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';

/** Every destination, countries (by ISO3) first, then regions, each group in id order. */
export const listDestinations = async (deps: { catalog: DestinationCatalog }): Promise<DestinationSummary[]> =>
  (await deps.catalog.listDestinations()).sort((a, b) => (a.type === b.type ? a.id.localeCompare(b.id) : a.type === 'country' ? -1 : 1));

/** One destination with its bundles; `id` is an ISO3 or ISO2 country code (any case) or a region id. */
export const findDestination = async (id: string, deps: { catalog: DestinationCatalog }): Promise<DestinationRecord> => {
  const normalized = normalizeDestinationId(id);
  const found = normalized ? await deps.catalog.getDestination(normalized) : undefined;
  if (!found) throw new NotFoundError(`No destination with id "${id.slice(0, 64)}". GET /destinations lists them.`, 'destination_not_found');
  return found;
};
