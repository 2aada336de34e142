// storage adapter → the delivery log: one record per delivery, one item per HTTP attempt, the event log look-up.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '#shared/events/catalog';
import { DELIVERY_LOG_RETENTION_DAYS, recoverableDeliveryStatuses, type DeliveryAttempt, type DeliveryRecord } from '#shared/webhooks/delivery-model';
import { cancellationReasons, isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import { outboxEntityType } from '#shared/events/outbox-entity';
import { readShardsInOrder } from '#shared/storage/sharded-query';
import type {
  DeliveryStart,
  DeliveryLog,
  DeliveryLogPage,
  DeliveryLogQuery,
  PartnerDeliveryLog,
  PartnerDeliveryLogReads,
} from '#shared/usecases/ports/webhooks';

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, version: _h, [timeToLiveAttribute]: _i, ...rest } = item;
  return rest as T;
};

/** A delivery as read: one whose first attempt is still in flight has no outcome fields yet, and reads them as null. */
const deliveryRecordOf = (item: Record<string, unknown>): DeliveryRecord => {
  const record = strip<DeliveryRecord>(item);
  return {
    ...record,
    reason: record.reason ?? null,
    last_status_code: record.last_status_code ?? null,
    last_error: record.last_error ?? null,
    next_attempt_at: record.next_attempt_at ?? null,
  };
};

/** Epoch seconds at which a delivery started at `startedAt` leaves the log (table TTL). */
const expiresAt = (startedAt: string) => Math.floor(Date.parse(startedAt) / 1000) + DELIVERY_LOG_RETENTION_DAYS * 86_400;

/** A replay request stays in the table only until the stream has published it. */
const REPLAY_REQUEST_RETENTION_SECONDS = 86_400;

/** Items one page of the log may read, over all its shards, before it answers with what it found (sparse filters stay bounded). */
const MAX_ITEMS_READ_PER_PAGE = 500;

/** The log's sort position of a delivery: its index sort key. */
export const deliveryPosition = (record: Pick<DeliveryRecord, 'created_at' | 'delivery_id'>) => `${record.created_at}#${record.delivery_id}`;

/**
 * One page of the log, newest first: the 16 shards read from the page's position and merged by position. A
 * position is unique, so the bound `after` is inclusive in every shard and the one delivery it names is dropped.
 */
const logPage =
  (client: DynamoDBDocumentClient, tableName: string) =>
  async (partnerId: string, query: DeliveryLogQuery): Promise<DeliveryLogPage> => {
    const until = `${query.until ?? '9999'}\uffff`;
    // Every position starts with its ISO time, so `until` followed by the highest character bounds that second.
    const upper = query.after !== undefined && query.after < until ? query.after : until;
    const lower = query.since ?? '0';
    // An empty range (`since` after `until`, after the cursor's position, or in the future): no page to read.
    if (lower > upper) return { records: [] };
    const { items, stoppedAt } = await readShardsInOrder(client, {
      tableName,
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      shards: Array.from({ length: keys.DELIVERY_SHARDS }, (_, shard) => keys.deliveriesOf(partnerId, shard)),
      range: { condition: 'gsi2sk BETWEEN :from AND :to', values: { ':from': lower, ':to': upper } },
      filter: logFilter(query),
      ascending: false,
      consistent: false,
      // One more than the page says whether another follows; one more again for the delivery at `after` itself.
      count: query.limit + 1 + (query.after === undefined ? 0 : 1),
      maxItemsRead: MAX_ITEMS_READ_PER_PAGE,
    });
    const found = items.filter((item) => item.gsi2sk !== query.after).map((item) => deliveryRecordOf(item));
    if (found.length > query.limit) {
      const records = found.slice(0, query.limit);
      return { records, nextPosition: deliveryPosition(records.at(-1)!) };
    }
    // The read budget ran out: the next page continues after the last position read in every shard, matching or not.
    return stoppedAt === undefined ? { records: found } : { records: found, nextPosition: stoppedAt };
  };

/**
 * The partner's reads of the log (a page, a delivery's attempts) on their own: the functions that only read it
 * bundle none of the dispatcher's and recovery's writes.
 */
export const dynamoDeliveryLogReads = (client: DynamoDBDocumentClient, tableName: string): PartnerDeliveryLogReads => ({
  page: logPage(client, tableName),
  async attempts(partnerId, deliveryId) {
    const { Items } = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.delivery(partnerId, deliveryId).pk, ':prefix': 'ATTEMPT#' },
        ConsistentRead: true,
      }),
    );
    return (Items ?? []).map((item) => strip<DeliveryAttempt>(item));
  },
});

/**
 * What the partner's recovery does with the log: its reads, its events, and replays. The recovery bundles none of the
 * dispatcher's attempt writes.
 */
export const dynamoPartnerDeliveryLog = (client: DynamoDBDocumentClient, tableName: string): PartnerDeliveryLog => ({
  ...dynamoDeliveryLogReads(client, tableName),
  async findPartnerEvent(partnerId, eventId) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.event(partnerId, eventId) }));
    if (!Item) return undefined;
    return { partner_id: Item.partner_id, event: Item.event, event_id: Item.event_id, timestamp: Item.timestamp, data: Item.data } as DomainEvent;
  },

  async unrecoveredFailuresOf(partnerId, eventId) {
    // By the event's own index (an event has a handful of deliveries), not the partner's whole log.
    const records: DeliveryRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const { Items, LastEvaluatedKey } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.eventLookup(eventId), ':prefix': 'DELIVERY#' },
          ExclusiveStartKey: start,
        }),
      );
      records.push(...(Items ?? []).map((item) => deliveryRecordOf(item)));
      start = LastEvaluatedKey;
    } while (start);
    return records.filter((record) => record.partner_id === partnerId && recoverableDeliveryStatuses.includes(record.status) && !record.recovered_at);
  },

  async requestReplay(event, { now, recovering, markOnly = false }) {
    const outboxItem = {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.replayRequest(event.partner_id, randomUUID()),
          entity: outboxEntityType,
          version: 1,
          ...event,
          replay: true,
          requested_at: now,
          [timeToLiveAttribute]: Math.floor(Date.parse(now) / 1000) + REPLAY_REQUEST_RETENTION_SECONDS,
        },
      },
    };
    const markRecovered = (recovering ?? []).map((record) => ({
      Update: {
        TableName: tableName,
        Key: keys.delivery(event.partner_id, record.delivery_id),
        UpdateExpression: 'SET recovered_at = :now',
        ConditionExpression: `attribute_not_exists(recovered_at) AND #status IN (${recoverableDeliveryStatuses.map((_, i) => `:s${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': now,
          ...Object.fromEntries(recoverableDeliveryStatuses.map((status, i) => [`:s${i}`, status])),
        },
      },
    }));
    try {
      await client.send(new TransactWriteCommand({ TransactItems: [...markRecovered, ...(markOnly ? [] : [outboxItem])] }));
      return true;
    } catch (error) {
      if (cancellationReasons(error)?.some((reason) => reason.Code === 'ConditionalCheckFailed')) return false;
      throw error;
    }
  },
});

/** The whole log: the partner's part and the dispatcher's writes and look-ups. */
export const dynamoDeliveryLog = (client: DynamoDBDocumentClient, tableName: string): DeliveryLog & PartnerDeliveryLog => {
  const partnerLog = dynamoPartnerDeliveryLog(client, tableName);
  /** The fields every write of a delivery record sets: what it delivers, to whom, its index keys and its expiry. */
  const identity = ({ deliveryId, event, replay, now }: DeliveryStart) => ({
    expression:
      'entity = :entity, delivery_id = :id, event_id = :eventId, event = :event, partner_id = :partner, ' +
      'replay = :replay, updated_at = :now, created_at = if_not_exists(created_at, :now), #ttl = if_not_exists(#ttl, :ttl), ' +
      'gsi1pk = :g1, gsi1sk = if_not_exists(gsi1sk, :g1s), gsi2pk = :g2, gsi2sk = if_not_exists(gsi2sk, :g2s)',
    names: { '#status': 'status', '#ttl': timeToLiveAttribute },
    values: {
      ':ttl': expiresAt(now),
      ':entity': 'delivery',
      ':id': deliveryId,
      ':eventId': event.event_id,
      ':event': event.event,
      ':partner': event.partner_id,
      ':replay': replay,
      ':now': now,
      ':g1': keys.eventLookup(event.event_id),
      ':g1s': `DELIVERY#${now}#${deliveryId}`,
      // Set on every write: a record written before the log was sharded moves to its shard on its next attempt.
      ':g2': keys.deliveryLogShard(event.partner_id, deliveryId),
      ':g2s': `${now}#${deliveryId}`,
    },
  });

  return {
    ...partnerLog,
    async beginAttempt(start) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.delivery(start.event.partner_id, start.deliveryId),
            UpdateExpression: `ADD attempts :one SET ${identity(start).expression}, #status = if_not_exists(#status, :pending)`,
            ConditionExpression: 'attribute_not_exists(#status) OR #status IN (:pending, :retrying)',
            ExpressionAttributeNames: identity(start).names,
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

    async recordAttempt(attempt, status, options = {}) {
      // Two plain writes in order, not a transaction (which bills every item twice): the attempt first, then the
      // record's status. A crash between them leaves the attempt listed and the record one attempt behind; the
      // message comes back, and beginAttempt counts the next attempt, so nothing is lost or sent twice (docs/cost.md).
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.deliveryAttempt(attempt.partner_id, attempt.delivery_id, attempt.attempt),
            entity: 'delivery_attempt',
            ...attempt,
            [timeToLiveAttribute]: expiresAt(attempt.at),
          },
        }),
      );
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.delivery(attempt.partner_id, attempt.delivery_id),
          UpdateExpression:
            'SET #status = :status, last_status_code = :code, last_error = :error, reason = :reason, next_attempt_at = :next, updated_at = :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':code': attempt.status_code,
            ':error': attempt.error,
            ':reason': options.reason ?? null,
            ':next': options.nextAttemptAt ?? null,
            ':now': attempt.at,
          },
        }),
      );
    },

    async recordFinal(start, status, reason) {
      // An update, not a put: a delivery that already has attempts keeps its count and history.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.delivery(start.event.partner_id, start.deliveryId),
          UpdateExpression:
            `SET ${identity(start).expression}, #status = :status, reason = :reason, next_attempt_at = :null, attempts = if_not_exists(attempts, :zero), ` +
            'last_status_code = if_not_exists(last_status_code, :null), last_error = if_not_exists(last_error, :null)',
          ExpressionAttributeNames: identity(start).names,
          ExpressionAttributeValues: { ...identity(start).values, ':status': status, ':reason': reason, ':zero': 0, ':null': null },
        }),
      );
    },

    async get(partnerId, deliveryId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.delivery(partnerId, deliveryId), ConsistentRead: true }));
      return Item ? deliveryRecordOf(Item) : undefined;
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
      return (Items ?? []).map((item) => deliveryRecordOf(item));
    },

    async byPartner(partnerId, limit) {
      return (await partnerLog.page(partnerId, { limit })).records;
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

/** The filter of a log query: event, event id, statuses, and whether recovered deliveries count. */
const logFilter = (query: DeliveryLogQuery) => {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.event) {
    clauses.push('#event = :event');
    names['#event'] = 'event';
    values[':event'] = query.event;
  }
  if (query.eventId) {
    clauses.push('event_id = :eventId');
    values[':eventId'] = query.eventId;
  }
  if (query.statuses && query.statuses.length > 0) {
    names['#status'] = 'status';
    clauses.push(`#status IN (${query.statuses.map((_, i) => `:status${i}`).join(', ')})`);
    query.statuses.forEach((status, i) => {
      values[`:status${i}`] = status;
    });
  }
  if (query.unrecoveredOnly) clauses.push('attribute_not_exists(recovered_at)');
  return { expression: clauses.join(' AND '), names, values };
};
