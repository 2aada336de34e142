// storage adapter → the delivery log: one record per delivery, one item per HTTP attempt, the event log look-up.
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '#shared/events/catalog';
import type { DeliveryAttempt, DeliveryRecord, DeliveryStatus } from '#shared/webhooks/delivery-model';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import { keys } from '#shared/storage/keys';

export interface DeliveryStart {
  deliveryId: string;
  event: DomainEvent;
  replay: boolean;
  now: string;
}

export interface DeliveryLog {
  /** Counts one more attempt; `undefined` when the delivery already reached a final status. */
  beginAttempt(start: DeliveryStart): Promise<number | undefined>;
  recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus, reason?: string): Promise<void>;
  /** Records a final status without an HTTP attempt (no endpoint, not subscribed, attempts used up). */
  recordFinal(start: DeliveryStart, status: 'skipped' | 'dead_lettered', reason: string): Promise<void>;
  get(deliveryId: string): Promise<DeliveryRecord | undefined>;
  attempts(deliveryId: string): Promise<DeliveryAttempt[]>;
  byEvent(eventId: string): Promise<DeliveryRecord[]>;
  byPartner(partnerId: string, limit: number): Promise<DeliveryRecord[]>;
  findEvent(eventId: string): Promise<DomainEvent | undefined>;
}

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, version: _h, ...rest } = item;
  return rest as T;
};

export const dynamoDeliveryLog = (client: DynamoDBDocumentClient, tableName: string): DeliveryLog => {
  const indexKeys = ({ deliveryId, event, now }: DeliveryStart) => ({
    gsi1pk: keys.eventLookup(event.event_id),
    gsi1sk: `DELIVERY#${now}#${deliveryId}`,
    gsi2pk: keys.deliveriesOf(event.partner_id),
    gsi2sk: `${now}#${deliveryId}`,
  });

  return {
    async beginAttempt(start) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.delivery(start.deliveryId),
            UpdateExpression:
              'ADD attempts :one SET entity = :entity, delivery_id = :id, event_id = :eventId, event = :event, ' +
              'partner_id = :partner, replay = :replay, updated_at = :now, ' +
              '#status = if_not_exists(#status, :pending), created_at = if_not_exists(created_at, :now), ' +
              'gsi1pk = :g1, gsi1sk = if_not_exists(gsi1sk, :g1s), gsi2pk = :g2, gsi2sk = if_not_exists(gsi2sk, :g2s)',
            ConditionExpression: 'attribute_not_exists(#status) OR #status IN (:pending, :retrying)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':entity': 'delivery',
              ':id': start.deliveryId,
              ':eventId': start.event.event_id,
              ':event': start.event.event,
              ':partner': start.event.partner_id,
              ':replay': start.replay,
              ':now': start.now,
              ':pending': 'pending',
              ':retrying': 'retrying',
              ':g1': indexKeys(start).gsi1pk,
              ':g1s': indexKeys(start).gsi1sk,
              ':g2': indexKeys(start).gsi2pk,
              ':g2s': indexKeys(start).gsi2sk,
            },
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
      const index = indexKeys(start);
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.delivery(start.deliveryId),
          UpdateExpression:
            'SET entity = :entity, delivery_id = :id, event_id = :eventId, event = :event, partner_id = :partner, ' +
            'replay = :replay, #status = :status, reason = :reason, updated_at = :now, ' +
            'attempts = if_not_exists(attempts, :zero), last_status_code = if_not_exists(last_status_code, :null), ' +
            'last_error = if_not_exists(last_error, :null), created_at = if_not_exists(created_at, :now), ' +
            'gsi1pk = :g1, gsi1sk = if_not_exists(gsi1sk, :g1s), gsi2pk = :g2, gsi2sk = if_not_exists(gsi2sk, :g2s)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':entity': 'delivery',
            ':id': start.deliveryId,
            ':eventId': start.event.event_id,
            ':event': start.event.event,
            ':partner': start.event.partner_id,
            ':replay': start.replay,
            ':status': status,
            ':reason': reason,
            ':now': start.now,
            ':zero': 0,
            ':null': null,
            ':g1': index.gsi1pk,
            ':g1s': index.gsi1sk,
            ':g2': index.gsi2pk,
            ':g2s': index.gsi2sk,
          },
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
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.deliveriesOf(partnerId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).map((item) => strip<DeliveryRecord>(item));
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
