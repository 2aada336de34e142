// storage → one ordered read over a collection spread across shards: a Query per shard, merged by sort key.
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

export interface ShardedQuery {
  tableName: string;
  indexName?: string;
  partitionKey: string;
  sortKey: string;
  /** One partition key value per shard. */
  shards: string[];
  /** Extra key condition on the sort key, e.g. `sk < :sk`, with its values. */
  range?: { condition: string; values: Record<string, unknown> };
  /** A FilterExpression on other attributes; the items it drops still count as read. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** True: smallest sort key first; false: largest first. */
  ascending: boolean;
  consistent: boolean;
  /** How many items to return, merged across the shards. */
  count: number;
  /** Stop once about this many items were read across the shards, matching the filter or not. */
  maxItemsRead?: number;
}

export interface ShardedQueryResult {
  items: Item[];
  /**
   * Set when the read budget ran out before `count` items were found: the sort key up to which every shard was read.
   * Every item before it (in the query's order) that matches is in `items`, and none after it; a next read continues
   * after it.
   */
  stoppedAt?: string;
}

interface ShardCursor {
  partition: string;
  buffered: Item[];
  startKey?: Record<string, unknown>;
  exhausted: boolean;
  /** Rows asked for on the next read: the even share, with a filter more each time the shard is read again (at most 100). */
  limit: number;
}

/** Rows one shard Query asks for at most. */
const MAX_ROWS_PER_SHARD_READ = 100;

/**
 * The first `count` items of all shards in sort-key order. Each shard is asked for its even share (plus two), and
 * only a shard whose rows run out while it may still hold earlier ones than the next item is asked again (with a
 * filter, for more each time): a page costs about `count` items and one small Query (one read unit) per shard, not `count` items per
 * shard, and a filter that matches little needs few rounds. A Query stopped by DynamoDB's 1 MB cap simply continues
 * from its LastEvaluatedKey. With `maxItemsRead`, reading stops when the budget is spent and the answer says where.
 */
export const readShardsInOrder = async (client: DynamoDBDocumentClient, query: ShardedQuery): Promise<ShardedQueryResult> => {
  const share = Math.ceil(query.count / query.shards.length) + 2;
  const cursors: ShardCursor[] = query.shards.map((partition) => ({ partition, buffered: [], exhausted: false, limit: share }));
  const budget = query.maxItemsRead ?? Number.POSITIVE_INFINITY;
  let read = 0;
  const names = { ...query.filter?.names };
  // With a filter, which may match few rows, a shard read again asks for four times as many; without one it asks for
  // its share again (more would only cost read units: it is read again because it holds a few of the first items).
  const growth = query.filter?.expression ? 4 : 1;
  const readShard = async (cursor: ShardCursor, limit: number) => {
    const result: QueryCommandOutput = await client.send(
      new QueryCommand({
        TableName: query.tableName,
        IndexName: query.indexName,
        KeyConditionExpression: `${query.partitionKey} = :shard${query.range ? ` AND ${query.range.condition}` : ''}`,
        ...(query.filter?.expression ? { FilterExpression: query.filter.expression } : {}),
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ':shard': cursor.partition, ...query.range?.values, ...query.filter?.values },
        ExclusiveStartKey: cursor.startKey,
        ScanIndexForward: query.ascending,
        ConsistentRead: query.consistent || undefined,
        Limit: limit,
      }),
    );
    read += result.ScannedCount ?? result.Items?.length ?? 0;
    cursor.buffered.push(...(result.Items ?? []));
    cursor.startKey = result.LastEvaluatedKey;
    cursor.exhausted = !result.LastEvaluatedKey;
  };
  const readAll = async (starved: ShardCursor[]) => {
    // The budget left is shared by the shards read in this round, so a page reads at most about `maxItemsRead` rows.
    const each = Math.floor((budget - read) / starved.length);
    await Promise.all(starved.map((cursor) => readShard(cursor, Math.min(cursor.limit, each))));
    for (const cursor of starved) cursor.limit = Math.min(cursor.limit * growth, MAX_ROWS_PER_SHARD_READ);
  };
  const sortValue = (item: Item | Record<string, unknown>) => String(item[query.sortKey]);
  const comesFirst = (x: string, y: string) => (query.ascending ? x < y : x > y);

  await readAll(cursors);
  const merged: Item[] = [];
  while (merged.length < query.count) {
    let next: { cursor: ShardCursor; head: Item } | undefined;
    for (const cursor of cursors) {
      const head = cursor.buffered[0];
      if (head && (!next || comesFirst(sortValue(head), sortValue(next.head)))) next = { cursor, head };
    }
    // A shard read to its frontier holds nothing before that frontier; it only matters if the next item comes later.
    const blocking = cursors.filter(
      (cursor) =>
        cursor.buffered.length === 0 && !cursor.exhausted && (!next || comesFirst(sortValue(cursor.startKey as Item), sortValue(next.head))),
    );
    if (blocking.length > 0) {
      // Not even one more row for each shard that must be read: the page ends at the frontier it reached.
      if (budget - read < blocking.length) {
        const frontiers = blocking.map((cursor) => sortValue(cursor.startKey as Item));
        return { items: merged, stoppedAt: frontiers.reduce((first, value) => (comesFirst(value, first) ? value : first)) };
      }
      await readAll(blocking);
      continue;
    }
    if (!next) break;
    merged.push(next.head);
    next.cursor.buffered.shift();
  }
  return { items: merged };
};

/** The first `count` items of all shards in sort-key order (see `readShardsInOrder`), with no read budget. */
export const queryShardsInOrder = async (client: DynamoDBDocumentClient, query: ShardedQuery): Promise<Item[]> =>
  (await readShardsInOrder(client, query)).items;
