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
  /** True: smallest sort key first; false: largest first. */
  ascending: boolean;
  consistent: boolean;
  /** How many items to return, merged across the shards. */
  count: number;
}

interface ShardCursor {
  partition: string;
  buffered: Item[];
  startKey?: Record<string, unknown>;
  exhausted: boolean;
}

/**
 * The first `count` items of all shards in sort-key order. Each shard is asked for its even share (plus two), and
 * only a shard whose rows run out while it may still hold earlier ones is asked again for as many: a page costs
 * about `count` items and one small Query (one read unit) per shard, not `count` items per shard. A Query stopped by
 * DynamoDB's 1 MB cap simply continues from its LastEvaluatedKey.
 */
export const queryShardsInOrder = async (client: DynamoDBDocumentClient, query: ShardedQuery): Promise<Item[]> => {
  const share = Math.ceil(query.count / query.shards.length) + 2;
  const cursors: ShardCursor[] = query.shards.map((partition) => ({ partition, buffered: [], exhausted: false }));
  const read = async (cursor: ShardCursor, limit: number) => {
    const result: QueryCommandOutput = await client.send(
      new QueryCommand({
        TableName: query.tableName,
        IndexName: query.indexName,
        KeyConditionExpression: `${query.partitionKey} = :shard${query.range ? ` AND ${query.range.condition}` : ''}`,
        ExpressionAttributeValues: { ':shard': cursor.partition, ...query.range?.values },
        ExclusiveStartKey: cursor.startKey,
        ScanIndexForward: query.ascending,
        ConsistentRead: query.consistent || undefined,
        Limit: limit,
      }),
    );
    cursor.buffered.push(...(result.Items ?? []));
    cursor.startKey = result.LastEvaluatedKey;
    cursor.exhausted = !result.LastEvaluatedKey;
  };
  const comesFirst = (a: Item, b: Item) => {
    const [x, y] = [String(a[query.sortKey]), String(b[query.sortKey])];
    return query.ascending ? x < y : x > y;
  };

  await Promise.all(cursors.map((cursor) => read(cursor, share)));
  const merged: Item[] = [];
  while (merged.length < query.count) {
    const starved = cursors.filter((cursor) => cursor.buffered.length === 0 && !cursor.exhausted);
    if (starved.length > 0) {
      await Promise.all(starved.map((cursor) => read(cursor, share)));
      continue;
    }
    let next: { cursor: ShardCursor; head: Item } | undefined;
    for (const cursor of cursors) {
      const head = cursor.buffered[0];
      if (head && (!next || comesFirst(head, next.head))) next = { cursor, head };
    }
    if (!next) break;
    merged.push(next.head);
    next.cursor.buffered.shift();
  }
  return merged;
};
