// storage adapter → the global catalog: packages that package_id refers to (one BatchGet per request), the
// destinations (one item collection: the list is one Query, a detail one GetItem) and the imported version.
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { BundleRecord, CatalogRegion, DestinationSummary } from '#shared/domain/catalog';
import type { CatalogPackage } from '#shared/domain/package-specification';
import * as keys from '#shared/storage/keys';
import type { CatalogVersion, CatalogAdminStore } from '#shared/usecases/ports/catalog';

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

const MAX_ROUNDS = 8;
/** The collection is bounded (ISO 3166 countries plus at most 50 regions); the loop guards against a runaway. */
const MAX_LIST_PAGES = 10;

const packageItem = (pkg: CatalogPackage, bundle?: BundleRecord) => ({
  ...keys.catalogPackage(pkg.id),
  entity: 'catalog_package',
  version: 1,
  id: pkg.id,
  package: pkg,
  ...(bundle ? { bundle } : {}),
});

/**
 * Every region of the catalog (at most 50) with its code, names and countries, in one Query. On its own, so a
 * function that only names regions (the claim email) bundles this read and not the whole catalog store.
 */
export const readCatalogRegions = async (client: DynamoDBDocumentClient, tableName: string): Promise<CatalogRegion[]> => {
  // Region ids are lower case and sort after every country's ISO3 code: the regions are the end of the collection.
  const result = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: { ':pk': keys.catalogDestinations, ':first': 'DESTINATION#a', ':last': 'DESTINATION#z\uffff' },
      ExpressionAttributeNames: { '#destination': 'destination' },
      // The summary only: a region's bundles stay behind (a region item is mostly its country list anyway).
      ProjectionExpression: '#destination',
    }),
  );
  return (result.Items ?? []).flatMap(({ destination }) =>
    destination?.type === 'region' && typeof destination.iso3 === 'string'
      ? [{ id: destination.id, code: destination.iso3, names: destination.names ?? null, countries: destination.countries ?? [] }]
      : [],
  );
};

export const dynamoCatalogStore = (client: DynamoDBDocumentClient, tableName: string): CatalogAdminStore => {
  const writeChunk = async (chunk: WriteRequest[]) => {
    let pending = chunk;
    for (let round = 0; pending.length > 0; round += 1) {
      if (round === MAX_ROUNDS) throw new Error('Catalog write still throttled after retries; run the import again');
      if (round > 0) await new Promise((done) => setTimeout(done, 50 * 2 ** round));
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }
  };
  /** BatchWrite takes 25 items; a few chunks run side by side (about 12 chunks for the whole catalog). */
  const batchWrite = async (requests: WriteRequest[], parallel = 4) => {
    const chunks: WriteRequest[][] = [];
    for (let start = 0; start < requests.length; start += 25) chunks.push(requests.slice(start, start + 25));
    for (let i = 0; i < chunks.length; i += parallel) await Promise.all(chunks.slice(i, i + parallel).map(writeChunk));
  };

  return {
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
    async putPackage(pkg, bundle) {
      await client.send(new PutCommand({ TableName: tableName, Item: packageItem(pkg, bundle) }));
    },
    async listDestinations() {
      const destinations: DestinationSummary[] = [];
      let from: Record<string, unknown> | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const result = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.catalogDestinations },
            ProjectionExpression: 'destination',
            ExclusiveStartKey: from,
          }),
        );
        for (const item of result.Items ?? []) destinations.push(item.destination as DestinationSummary);
        from = result.LastEvaluatedKey;
        if (!from) break;
      }
      return destinations;
    },
    listRegions: () => readCatalogRegions(client, tableName),
    async getDestination(id) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.catalogDestination(id) }));
      if (!result.Item) return undefined;
      return { ...(result.Item.destination as DestinationSummary), bundles: result.Item.bundles as BundleRecord[] };
    },
    async getVersion() {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.catalogVersion, ConsistentRead: true }));
      return result.Item?.catalog as CatalogVersion | undefined;
    },
    async replaceCatalog({ destinations, packages, removed, version }) {
      await batchWrite([
        ...destinations.map(
          ({ bundles, ...destination }): WriteRequest => ({
            PutRequest: {
              Item: { ...keys.catalogDestination(destination.id), entity: 'catalog_destination', version: 1, destination, bundles },
            },
          }),
        ),
        ...packages.map(({ package: pkg, bundle }): WriteRequest => ({ PutRequest: { Item: packageItem(pkg, bundle) } })),
        ...removed.destinationIds.map((id): WriteRequest => ({ DeleteRequest: { Key: keys.catalogDestination(id) } })),
        ...removed.bundleIds.map((id): WriteRequest => ({ DeleteRequest: { Key: keys.catalogPackage(id) } })),
      ]);
      // Last: an interrupted import leaves the old version recorded, so running it again completes it.
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.catalogVersion, entity: 'catalog_version', version: 1, catalog: version } }),
      );
    },
  };
};
