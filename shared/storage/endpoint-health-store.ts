// storage adapter → endpoint health on the partner profile item: conditional updates of `webhook.*`, and the alert
// email's outbox item in the same transaction.
import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailRequest } from '#shared/events/email-request';
import { cancellationReasons, isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import { emailRequestPut } from '#shared/storage/event-items';
import * as keys from '#shared/storage/keys';
import type { EndpointHealthStore } from '#shared/usecases/ports/webhooks';

/** `webhook.{field}` is unset: absent, or null as a full profile save writes it. */
const unset = (field: string) => `(attribute_not_exists(webhook.${field}) OR webhook.${field} = :null)`;

/**
 * The failing period the attempt's decision was made in still runs: a success meanwhile ended it (or the partner
 * enabled the endpoint again, which starts health afresh), and a stale failure must not warn about it or disable.
 */
const stillFailingSince = 'webhook.failing_since = :since';

interface ProfileChange {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export const dynamoEndpointHealthStore = (client: DynamoDBDocumentClient, tableName: string): EndpointHealthStore => {
  /** A conditional change of the profile, with an email beside it; a failed condition means it happened already. */
  const once = async (partnerId: string, change: ProfileChange, email?: EmailRequest) => {
    // Each mark counts as a write of the profile (its revision), so a settings save that read before it retries.
    const update = {
      TableName: tableName,
      Key: keys.partnerProfile(partnerId),
      ...change,
      UpdateExpression: `${change.UpdateExpression} ADD revision :one`,
      ExpressionAttributeValues: { ...change.ExpressionAttributeValues, ':one': 1 },
    };
    try {
      if (email) await client.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, emailRequestPut(tableName, email)] }));
      else await client.send(new UpdateCommand(update));
    } catch (error) {
      if (isConditionalCheckFailed(error) || cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return;
      throw error;
    }
  };

  return {
    markFailing: (partnerId, since) =>
      once(partnerId, {
        UpdateExpression: 'SET webhook.failing_since = :since',
        ConditionExpression: `attribute_exists(pk) AND ${unset('failing_since')}`,
        ExpressionAttributeValues: { ':since': since, ':null': null },
      }),
    markRecovered: (partnerId) =>
      once(partnerId, {
        UpdateExpression: 'REMOVE webhook.failing_since, webhook.failure_warning_sent_at',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    warn: (partnerId, failingSince, at, email) =>
      once(
        partnerId,
        {
          UpdateExpression: 'SET webhook.failure_warning_sent_at = :at',
          ConditionExpression: `attribute_exists(pk) AND ${stillFailingSince} AND ${unset('failure_warning_sent_at')}`,
          ExpressionAttributeValues: { ':at': at, ':since': failingSince, ':null': null },
        },
        email,
      ),
    disable: (partnerId, failingSince, at, reason, email) =>
      once(
        partnerId,
        {
          UpdateExpression: 'SET webhook.disabled_at = :at, webhook.disabled_reason = :reason',
          ConditionExpression: `attribute_exists(pk) AND ${stillFailingSince} AND ${unset('disabled_at')}`,
          ExpressionAttributeValues: { ':at': at, ':reason': reason, ':since': failingSince, ':null': null },
        },
        email,
      ),
  };
};
