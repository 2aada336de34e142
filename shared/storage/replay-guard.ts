// storage adapter → single-use signatures: a conditional put per signature, expired by TTL after the window.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import type { SignatureReplayGuard, UsedSignature } from '#shared/usecases/ports/partners';

/** The conditional put of a signature's single-use record: alone, or as one item of a write's transaction. */
export const usedSignaturePut = (tableName: string, { apiKey, signature, expiresAtEpochSeconds }: UsedSignature) => ({
  TableName: tableName,
  Item: { ...keys.usedSignature(apiKey, signature), entity: 'used_signature', [timeToLiveAttribute]: expiresAtEpochSeconds },
  ConditionExpression: 'attribute_not_exists(pk)',
});

export const dynamoReplayGuard = (client: DynamoDBDocumentClient, tableName: string): SignatureReplayGuard => ({
  async claim(used) {
    try {
      await client.send(new PutCommand(usedSignaturePut(tableName, used)));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  },
});
