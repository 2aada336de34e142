// storage → the time index's sharded "due by now" read, shared by departure schedules and package schedules.
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/storage/keys';
import { indexes } from '#shared/storage/table-definition';

/**
 * Items of every shard of one due index whose time is at or before `now`, oldest first within a shard, at most
 * `limit` per shard: one Query per shard, all at once (bounded by keys.DUE_SHARDS, never a Scan).
 */
export const queryDue = async <Item>(
  client: DynamoDBDocumentClient,
  tableName: string,
  input: { shardKey: (shard: number) => string; now: Date; limit: number },
): Promise<Item[]> => {
  const { name, partitionKey, sortKey } = indexes.byTime;
  // Sort keys are `<ISO time>#<id>`: everything up to the current instant, whatever follows the `#`.
  const upper = `${input.now.toISOString()}#\uffff`;
  const pages = await Promise.all(
    Array.from({ length: keys.DUE_SHARDS }, (_, shard) =>
      client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: name,
          KeyConditionExpression: `${partitionKey} = :pk AND ${sortKey} <= :upper`,
          ExpressionAttributeValues: { ':pk': input.shardKey(shard), ':upper': upper },
          Limit: input.limit,
        }),
      ),
    ),
  );
  return pages.flatMap((page) => (page.Items ?? []) as Item[]);
};
