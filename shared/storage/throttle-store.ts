// storage adapter → fixed-window counters: one UpdateItem ADD per hit on a TTL item; no Scan, no read-modify-write.
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import type { ThrottleCounter } from '#shared/usecases/ports/services';

export const dynamoThrottleCounter = (client: DynamoDBDocumentClient, tableName: string): ThrottleCounter => ({
  async hit({ scope, subject, windowSeconds, now }) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    const resetsAt = windowStart + windowSeconds;
    const result = await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.throttleWindow(scope, subject, windowStart),
        // DynamoDB removes expired items within days; an hour past the window keeps the table small.
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl, entity = :entity',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': timeToLiveAttribute },
        ExpressionAttributeValues: { ':one': 1, ':ttl': resetsAt + 3600, ':entity': 'throttle_window' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { count: Number(result.Attributes?.count ?? 1), resetsAt };
  },
});
