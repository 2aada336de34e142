// use cases → importing the catalog file (ops, local runtime). The catalog is global; partners read it through
// destinations.ts, which does not load the file's schema.
import { createHash } from 'node:crypto';
import { buildCatalog } from '#shared/domain/catalog-file';
import { ConflictError } from '#shared/errors';
import type { CatalogAdminStore } from '#shared/usecases/ports/catalog';
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
export const importCatalog = async (raw: unknown, deps: { catalog: CatalogAdminStore; clock: Clock }): Promise<CatalogImportResult> => {
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
