// use cases → importing the catalog file (ops) and reading destinations (partners). The catalog is global.
import { createHash } from 'node:crypto';
import { buildCatalog, normalizeDestinationId, type DestinationRecord, type DestinationSummary } from '#shared/domain/catalog';
import { ConflictError, NotFoundError } from '#shared/errors';
import type { CatalogAdminStore, DestinationCatalog } from '#shared/usecases/ports/catalog';
import type { Clock } from '#shared/usecases/ports/services';

export interface CatalogImportResult {
  version: number;
  changed: boolean;
  destinations: number;
  bundles: number;
  removed_bundles: string[];
}

/**
 * Imports a parsed catalog file. Idempotent: the same version with the same content changes nothing; the
 * same version with other content, or an older version, is refused (publish a new version instead).
 */
export const importCatalog = async (
  raw: unknown,
  deps: { catalog: CatalogAdminStore; clock: Clock },
): Promise<CatalogImportResult> => {
  const built = buildCatalog(raw);
  const checksum = createHash('sha256').update(JSON.stringify(raw)).digest('hex');
  const current = await deps.catalog.getVersion();
  const summary = { version: built.version, destinations: built.destinations.length, bundles: built.packages.length };
  if (current && current.version === built.version) {
    if (current.checksum === checksum) return { ...summary, changed: false, removed_bundles: [] };
    throw new ConflictError(
      'catalog_version_changed',
      `Catalog version ${built.version} is already imported with other content. Give the changed file a new version.`,
    );
  }
  if (current && current.version > built.version) {
    throw new ConflictError('catalog_version_older', `Version ${current.version} is imported; ${built.version} is older.`);
  }
  const destinationIds = built.destinations.map((d) => d.id);
  const bundleIds = built.packages.map((p) => p.bundle.id);
  const removed = {
    destinationIds: (current?.destination_ids ?? []).filter((id) => !destinationIds.includes(id)),
    bundleIds: (current?.bundle_ids ?? []).filter((id) => !bundleIds.includes(id)),
  };
  await deps.catalog.replaceCatalog({
    destinations: built.destinations,
    packages: built.packages,
    removed,
    version: {
      version: built.version,
      checksum,
      imported_at: deps.clock.now().toISOString(),
      destination_ids: destinationIds,
      bundle_ids: bundleIds,
    },
  });
  return { ...summary, changed: true, removed_bundles: removed.bundleIds };
};

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
