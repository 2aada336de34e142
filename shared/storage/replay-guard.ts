// storage adapter → single-use signatures: a conditional put per signature, expired by TTL after the window.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SignatureReplayGuard } from '#shared/auth/authenticate-partner';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import { keys } from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';

export const dynamoReplayGuard = (client: DynamoDBDocumentClient, tableName: string): SignatureReplayGuard => ({
  async claim({ apiKey, signature, expiresAtEpochSeconds }) {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.usedSignature(apiKey, signature), entity: 'used_signature', [timeToLiveAttribute]: expiresAtEpochSeconds },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  },
});
