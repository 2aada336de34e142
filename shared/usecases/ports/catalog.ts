// ports → the catalog of destinations and bundles.
import type { BundleRecord, CatalogRegion, DestinationRecord, DestinationSummary } from '#shared/domain/catalog';
import type { CatalogPackage, PackageCatalog } from '#shared/domain/package-specification';
/** What the last import left in the table; re-importing the same version compares its checksum. */
export interface CatalogVersion {
  version: number;
  checksum: string;
  imported_at: string;
  destination_ids: string[];
  bundle_ids: string[];
}

export interface DestinationCatalog {
  listDestinations(): Promise<DestinationSummary[]>;
  getDestination(id: string): Promise<DestinationRecord | undefined>;
  /** Every region (at most 50), in one read. */
  listRegions(): Promise<CatalogRegion[]>;
}

export interface CatalogAdminStore extends PackageCatalog, DestinationCatalog {
  listRegions(): Promise<CatalogRegion[]>;
  putPackage(pkg: CatalogPackage, bundle?: BundleRecord): Promise<void>;
  getVersion(): Promise<CatalogVersion | undefined>;
  /** Writes every record, removes what the previous version had and this one lacks, then records the version. */
  replaceCatalog(input: {
    destinations: DestinationRecord[];
    packages: Array<{ package: CatalogPackage; bundle: BundleRecord }>;
    removed: { destinationIds: string[]; bundleIds: string[] };
    version: CatalogVersion;
  }): Promise<void>;
}
