// storage → trading a single-use link for a session: mark the link used and create the session in one conditional
// transaction, so of two exchanges of the same link exactly one wins (redirect tokens and portal links alike).
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '#shared/storage/dynamo-errors';

/** Resolves false when the link was used already (or does not exist), or the session id is taken. */
export const exchangeSingleUse = async (
  client: DynamoDBDocumentClient,
  input: { tableName: string; linkKey: Record<string, string>; usedAt: string; sessionItem: Record<string, unknown> },
): Promise<boolean> => {
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: input.tableName,
              Key: input.linkKey,
              UpdateExpression: 'SET used_at = :now',
              ConditionExpression: 'attribute_exists(pk) AND used_at = :unused',
              ExpressionAttributeValues: { ':now': input.usedAt, ':unused': null },
            },
          },
          { Put: { TableName: input.tableName, Item: input.sessionItem, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
};
