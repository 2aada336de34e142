// storage adapter → the delivery log: one record per delivery, one item per HTTP attempt, the event log look-up.
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '#shared/events/catalog';
import type { DeliveryAttempt, DeliveryRecord } from '#shared/webhooks/delivery-model';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import { keys, shardOf } from '#shared/storage/keys';
import { queryShardsInOrder } from '#shared/storage/sharded-query';
import { indexes } from '#shared/storage/table-definition';
import type { DeliveryStart, DeliveryLog } from '#shared/usecases/ports/webhooks';

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, version: _h, ...rest } = item;
  return rest as T;
};

export const dynamoDeliveryLog = (client: DynamoDBDocumentClient, tableName: string): DeliveryLog => {
  /** The fields every write of a delivery record sets: what it delivers, to whom, and its index keys. */
  const identity = ({ deliveryId, event, replay, now }: DeliveryStart) => ({
    expression:
      'entity = :entity, delivery_id = :id, event_id = :eventId, event = :event, partner_id = :partner, ' +
      'replay = :replay, updated_at = :now, created_at = if_not_exists(created_at, :now), ' +
      'gsi1pk = :g1, gsi1sk = if_not_exists(gsi1sk, :g1s), gsi2pk = :g2, gsi2sk = if_not_exists(gsi2sk, :g2s)',
    values: {
      ':entity': 'delivery',
      ':id': deliveryId,
      ':eventId': event.event_id,
      ':event': event.event,
      ':partner': event.partner_id,
      ':replay': replay,
      ':now': now,
      ':g1': keys.eventLookup(event.event_id),
      ':g1s': `DELIVERY#${now}#${deliveryId}`,
      ':g2': keys.deliveriesOf(event.partner_id, shardOf(deliveryId, keys.DELIVERY_SHARDS)),
      ':g2s': `${now}#${deliveryId}`,
    },
  });

  return {
    async beginAttempt(start) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.delivery(start.deliveryId),
            UpdateExpression: `ADD attempts :one SET ${identity(start).expression}, #status = if_not_exists(#status, :pending)`,
            ConditionExpression: 'attribute_not_exists(#status) OR #status IN (:pending, :retrying)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...identity(start).values, ':one': 1, ':pending': 'pending', ':retrying': 'retrying' },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return result.Attributes?.attempts as number;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    async recordAttempt(attempt, status, reason) {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.deliveryAttempt(attempt.delivery_id, attempt.attempt), entity: 'delivery_attempt', ...attempt },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: keys.delivery(attempt.delivery_id),
                UpdateExpression:
                  'SET #status = :status, last_status_code = :code, last_error = :error, reason = :reason, updated_at = :now',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':status': status,
                  ':code': attempt.status_code,
                  ':error': attempt.error,
                  ':reason': reason ?? null,
                  ':now': attempt.at,
                },
              },
            },
          ],
        }),
      );
    },

    async recordFinal(start, status, reason) {
      // An update, not a put: a delivery that already has attempts keeps its count and history.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.delivery(start.deliveryId),
          UpdateExpression:
            `SET ${identity(start).expression}, #status = :status, reason = :reason, attempts = if_not_exists(attempts, :zero), ` +
            'last_status_code = if_not_exists(last_status_code, :null), last_error = if_not_exists(last_error, :null)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ...identity(start).values, ':status': status, ':reason': reason, ':zero': 0, ':null': null },
        }),
      );
    },

    async get(deliveryId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.delivery(deliveryId), ConsistentRead: true }));
      return Item ? strip<DeliveryRecord>(Item) : undefined;
    },

    async attempts(deliveryId) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.delivery(deliveryId).pk, ':prefix': 'ATTEMPT#' },
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map((item) => strip<DeliveryAttempt>(item));
    },

    async byEvent(eventId) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.eventLookup(eventId), ':prefix': 'DELIVERY#' },
        }),
      );
      return (Items ?? []).map((item) => strip<DeliveryRecord>(item));
    },

    async byPartner(partnerId, limit) {
      const items = await queryShardsInOrder(client, {
        tableName,
        indexName: indexes.byTime.name,
        partitionKey: indexes.byTime.partitionKey,
        sortKey: indexes.byTime.sortKey,
        shards: Array.from({ length: keys.DELIVERY_SHARDS }, (_, shard) => keys.deliveriesOf(partnerId, shard)),
        ascending: false,
        consistent: false,
        count: limit,
      });
      return items.map((item) => strip<DeliveryRecord>(item));
    },

    async findEvent(eventId) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.eventLookup(eventId), ':sk': 'EVENT' },
        }),
      );
      const item = Items?.[0];
      if (!item) return undefined;
      return { partner_id: item.partner_id, event: item.event, event_id: item.event_id, timestamp: item.timestamp, data: item.data } as DomainEvent;
    },
  };
};
