// storage adapter → catalog packages that package_id refers to; one BatchGet for all ids of a request.
import { BatchGetCommand, PutCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogPackage, PackageCatalog } from '#shared/domain/package-specification';
import { keys } from '#shared/storage/keys';

export interface CatalogAdminStore extends PackageCatalog {
  putPackage(pkg: CatalogPackage): Promise<void>;
}

export const dynamoCatalogStore = (client: DynamoDBDocumentClient, tableName: string): CatalogAdminStore => ({
  async findPackages(ids) {
    const unique = [...new Set(ids)];
    const found = new Map<string, CatalogPackage>();
    if (unique.length === 0) return found;
    // At most 25 ids per booking (MAX_PACKAGE_SPECIFICATIONS), within BatchGet's 100-key limit.
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName]: { Keys: unique.map((id) => keys.catalogPackage(id)) },
    };
    for (let round = 0; request && round < 5; round += 1) {
      const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName] ?? []) found.set(item.id as string, item.package as CatalogPackage);
      const unprocessed: Record<string, unknown>[] | undefined = result.UnprocessedKeys?.[tableName]?.Keys;
      request = unprocessed && unprocessed.length > 0 ? { [tableName]: { Keys: unprocessed } } : undefined;
    }
    if (request) throw new Error('Catalog look-up still throttled after 5 rounds; retry the request');
    return found;
  },
  async putPackage(pkg) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.catalogPackage(pkg.id), entity: 'catalog_package', version: 1, id: pkg.id, package: pkg },
      }),
    );
  },
});
