// storage adapter → travelers in the single table: one aggregate item, look-ups, package schedules (written here, read
// by package-schedule-index.ts), reporter facts.
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Booking } from '#shared/domain/booking';
import { nextDueAt, type Traveler } from '#shared/domain/traveler';
import { bookingItem } from '#shared/storage/booking-store';
import { cancellationReasons } from '#shared/storage/dynamo-errors';
import { eventPut } from '#shared/storage/event-items';
import * as keys from '#shared/storage/keys';
import { shardOf } from '#shared/storage/keys';
import { indexes } from '#shared/storage/table-definition';
import { outboxEntityType } from '#shared/events/outbox-entity';
import {
  ConcurrentChangeError,
  DuplicateFactError,
  type LifecycleChange,
  PaymentAlreadyRecordedError,
  QueueUuidTakenError,
  type TravelerLookups,
  MAX_TRAVELER_GRANTS,
  type TravelerStore,
  type TravelerWrite,
} from '#shared/usecases/ports/lifecycle';

const fromItem = (item: Record<string, unknown> | undefined): Traveler | undefined => {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, ...rest } = item;
  return rest as unknown as Traveler;
};

/** The entity of the look-up that pairs a payment_id with the one package it paid for. */
const PAYMENT_REF = 'payment_package_ref';
const QUEUE_PACKAGE_REF = 'queue_package_ref';

const entityOf = (item: unknown): unknown => (item as { Put?: { Item?: { entity?: unknown } } }).Put?.Item?.entity;

const lookupItem = (key: { pk: string; sk: string }, traveler: Traveler, entity: string) => ({
  ...key,
  entity,
  version: 1,
  partner_id: traveler.partner_id,
  user_id: traveler.user_id,
});

const consistentGet =
  (client: DynamoDBDocumentClient, tableName: string) =>
  async (key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

/** Finding travelers and their grants, without writing: its own adapter, so a function that only reads bundles no writes. */
export const dynamoTravelerLookups = (client: DynamoDBDocumentClient, tableName: string): TravelerLookups => {
  const getItem = consistentGet(client, tableName);

  const get = async (partnerId: string, userId: string) => fromItem(await getItem(keys.traveler(partnerId, userId)));

  const viaRef = async (key: { pk: string; sk: string }) => {
    const ref = await getItem(key);
    return ref ? get(String(ref.partner_id), String(ref.user_id)) : undefined;
  };

  return {
    get,
    findByExternalUserId: (partnerId, externalUserId) => viaRef(keys.travelerByExternalId(partnerId, externalUserId)),
    findByEmail: (partnerId, email) => viaRef(keys.travelerByEmail(partnerId, email)),
    findByIccid: (iccid) => viaRef(keys.esimRef(iccid)),
    findByPackageId: (packageId) => viaRef(keys.packageRef(packageId)),
    findByPackageQueueUuid: (partnerId, queueUuid) => viaRef(keys.packageByQueueEntry(partnerId, queueUuid)),

    async queueRefs(partnerId, travelerKey) {
      const { pk } = keys.travelerQueue(partnerId, travelerKey, '');
      // One page: a thousand look-ups of a few hundred bytes are well under a Query's 1 MB (decision F149).
      const { Items: items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :queue)',
          ExpressionAttributeValues: { ':pk': pk, ':queue': 'QUEUE#' },
          ConsistentRead: true,
          Limit: MAX_TRAVELER_GRANTS,
        }),
      );
      return items.map((item) => ({ bookingId: String(item.booking), queueUuid: String(item.sk).slice('QUEUE#'.length) }));
    },

    async externalUserIdsBookedWithEmail(partnerId, email) {
      const { gsi1pk } = keys.bookedEmailLookup(partnerId, email, '');
      const { Items: items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: indexes.byLookup.name,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': gsi1pk },
          ProjectionExpression: 'external_user_id',
          Limit: MAX_TRAVELER_GRANTS,
        }),
      );
      return [...new Set(items.map((item) => String(item.external_user_id)))];
    },
  };
};

export const dynamoTravelerStore = (client: DynamoDBDocumentClient, tableName: string): TravelerStore => {
  /** Items a traveler write brings: the aggregate (version-checked), new look-ups, changed schedules. */
  const travelerItems = ({ before, after }: TravelerWrite) => {
    const items: Record<string, unknown>[] = [
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.traveler(after.partner_id, after.user_id), entity: 'traveler', ...after },
          ConditionExpression: before ? 'version = :expected' : 'attribute_not_exists(pk)',
          ...(before ? { ExpressionAttributeValues: { ':expected': before.version } } : {}),
        },
      },
    ];
    // Identity look-ups are unique per partner: a second traveler cannot take the same external_user_id or email.
    const identity = (key: { pk: string; sk: string }) => ({
      Put: {
        TableName: tableName,
        Item: lookupItem(key, after, 'traveler_ref'),
        ConditionExpression: 'attribute_not_exists(pk) OR user_id = :user',
        ExpressionAttributeValues: { ':user': after.user_id },
      },
    });
    if (after.external_user_id && after.external_user_id !== before?.external_user_id) {
      items.push(identity(keys.travelerByExternalId(after.partner_id, after.external_user_id)));
    }
    if (after.email && after.email !== before?.email) items.push(identity(keys.travelerByEmail(after.partner_id, after.email)));
    const knownEsims = new Set(before?.esims.map((e) => e.iccid));
    for (const esim of after.esims.filter((e) => !knownEsims.has(e.iccid))) {
      items.push({ Put: { TableName: tableName, Item: lookupItem(keys.esimRef(esim.iccid), after, 'esim_ref') } });
    }
    const previous = new Map(before?.packages.map((p) => [p.package_id, p]));
    for (const pkg of after.packages) {
      const old = previous.get(pkg.package_id);
      if (!old) items.push({ Put: { TableName: tableName, Item: lookupItem(keys.packageRef(pkg.package_id), after, 'package_ref') } });
      if (!old && pkg.package_queue_uuid) {
        const key = keys.packageByQueueEntry(after.partner_id, pkg.package_queue_uuid);
        // A paid package's uuid is the reporter's word: it must name no package yet (checked read-first by the use
        // case, and here in the write, so two purchases at once cannot both take it). A grant's is the booking's own.
        const paid = pkg.source === 'purchase' || pkg.source === 'topup';
        items.push({
          Put: {
            TableName: tableName,
            Item: { ...lookupItem(key, after, QUEUE_PACKAGE_REF), package_id: pkg.package_id },
            ...(paid && { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        });
      }
      if (!old && pkg.payment_id) {
        items.push({
          Put: {
            TableName: tableName,
            Item: { ...lookupItem(keys.packageByPayment(after.partner_id, pkg.payment_id), after, PAYMENT_REF), package_id: pkg.package_id },
            ConditionExpression: 'attribute_not_exists(pk) OR user_id = :user',
            ExpressionAttributeValues: { ':user': after.user_id },
          },
        });
      }
      const due = nextDueAt(pkg)?.toISOString() ?? null;
      const dueBefore = old ? (nextDueAt(old)?.toISOString() ?? null) : null;
      if (due === dueBefore) continue;
      const key = keys.packageSchedule(after.partner_id, after.user_id, pkg.package_id);
      items.push(
        due === null
          ? { Delete: { TableName: tableName, Key: key } }
          : {
              Put: {
                TableName: tableName,
                Item: {
                  ...key,
                  entity: 'package_schedule',
                  version: 1,
                  gsi2pk: keys.packageDueShard(shardOf(after.user_id)),
                  gsi2sk: `${due}#${after.partner_id}#${after.user_id}#${pkg.package_id}`,
                  partner_id: after.partner_id,
                  user_id: after.user_id,
                  package_id: pkg.package_id,
                  due_at: due,
                },
              },
            },
      );
    }
    return items;
  };

  const bookingPut = (booking: Booking) => ({
    Put: {
      TableName: tableName,
      Item: bookingItem(booking),
      ConditionExpression: 'version = :expected',
      ExpressionAttributeValues: { ':expected': booking.version - 1 },
    },
  });

  const getItem = consistentGet(client, tableName);

  return {
    ...dynamoTravelerLookups(client, tableName),

    async findPromoCodeUuid(partnerId, code) {
      const ref = await getItem(keys.promoCodeValue(partnerId, code));
      return ref ? String(ref.promo_code_uuid) : undefined;
    },

    async factRecorded(reporter, eventId) {
      return (await getItem(keys.fact(reporter, eventId))) !== undefined;
    },

    async commit(change: LifecycleChange) {
      const factItems = change.fact
        ? [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.fact(change.fact.reporter, change.fact.eventId),
                  entity: 'fact',
                  version: 1,
                  occurred_at: change.fact.occurredAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ]
        : [];
      const items = [
        ...factItems,
        ...(change.travelers ?? []).flatMap(travelerItems),
        ...(change.bookings ?? []).map(bookingPut),
        ...(change.events ?? []).map((event) => eventPut(tableName, event)),
      ];
      if (items.length === 0) return;
      try {
        await client.send(new TransactWriteCommand({ TransactItems: items as never }));
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        if (factItems.length > 0 && reasons[0]?.Code === 'ConditionalCheckFailed') throw new DuplicateFactError();
        // Only the payment's look-up (and the event named after the payment) failed: another traveler holds the
        // payment. With anything else, a concurrent change: retry.
        const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [entityOf(items[index])] : []));
        if (failed.includes(PAYMENT_REF) && failed.every((entity) => entity === PAYMENT_REF || entity === outboxEntityType)) {
          throw new PaymentAlreadyRecordedError();
        }
        if (failed.length > 0 && failed.every((entity) => entity === QUEUE_PACKAGE_REF)) throw new QueueUuidTakenError();
        if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict')) {
          throw new ConcurrentChangeError();
        }
        throw error;
      }
    },
  };
};
