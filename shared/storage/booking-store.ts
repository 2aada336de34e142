// storage adapter → bookings in the single table: one aggregate item plus look-up items, written atomically.
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { signatureReused } from '#shared/errors';
import { bookedEmailOf, type Booking } from '#shared/domain/booking';
import { departureEventNames } from '#shared/domain/departure-events';
import { ConflictError } from '#shared/errors';
import { cancellationReasons, failedItemString } from '#shared/storage/dynamo-errors';
import { emailRequestPut, eventPut, schedulePut } from '#shared/storage/event-items';
import * as keys from '#shared/storage/keys';
import { usedSignaturePut } from '#shared/storage/replay-guard';
import { queryShardsInOrder } from '#shared/storage/sharded-query';
import type { BookingLookups, BookingPages, BookingStore } from '#shared/usecases/ports/bookings';

const ENTITY = 'booking';

const travelerOf = (entry: Booking['package_queues'][number]): string | null =>
  entry.external_user_id ?? (entry.email ? `email:${entry.email.toLowerCase()}` : null);

const concurrentChange = () => new ConflictError('concurrent_modification', 'The booking was changed by another request. Read it again and retry.');

/** Free-form `data` is kept as JSON text: any JSON value a partner sends is storable (numbers, nesting, keys). */
const fromItem = (item: Record<string, unknown> | undefined): Booking | undefined => {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _entity, data, ...rest } = item;
  return { ...rest, data: typeof data === 'string' ? (JSON.parse(data) as Booking['data']) : null } as Booking;
};

/** The stored form of a booking; every writer of booking items (this store, the traveler store) uses it. */
export const bookingItem = (booking: Booking) => ({
  ...keys.booking(booking.partner_id, booking.id),
  entity: ENTITY,
  ...booking,
  data: booking.data === null ? null : JSON.stringify(booking.data),
});

/** Reading one booking by id, reference or promo code: its own adapter, so a function that only reads bundles no writes. */
export const dynamoBookingLookups = (client: DynamoDBDocumentClient, tableName: string): BookingLookups => {
  const readBooking = async (partnerId: string, bookingId: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.booking(partnerId, bookingId), ConsistentRead: true }));
    return fromItem(result.Item);
  };

  return {
    get: readBooking,

    async findByReference(partnerId, reference) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.bookingReference(partnerId, reference), ConsistentRead: true }),
      );
      const bookingId = result.Item?.booking as string | undefined;
      return bookingId === undefined ? undefined : readBooking(partnerId, bookingId);
    },

    async findByPromoCode(partnerId, promoCodeUuid) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.promoCode(partnerId, promoCodeUuid), ConsistentRead: true }));
      const bookingId = result.Item?.booking as string | undefined;
      return bookingId === undefined ? undefined : readBooking(partnerId, bookingId);
    },
  };
};

export const dynamoBookingStore = (client: DynamoDBDocumentClient, tableName: string): BookingStore => {
  const lookupPuts = (booking: Booking) => [
    ...booking.promo_codes.map((promo) => ({
      Put: {
        TableName: tableName,
        Item: {
          ...keys.promoCode(booking.partner_id, promo.uuid),
          ...keys.promoCodeLookup(promo.uuid),
          entity: 'promo_code_ref',
          version: 1,
          partner_id: booking.partner_id,
          booking: booking.id,
        },
      },
    })),
    // What the traveler types: the code finds its promo code for redemption (unique per partner by randomness).
    ...booking.promo_codes.map((promo) => ({
      Put: {
        TableName: tableName,
        Item: {
          ...keys.promoCodeValue(booking.partner_id, promo.code),
          entity: 'promo_code_value_ref',
          version: 1,
          partner_id: booking.partner_id,
          promo_code_uuid: promo.uuid,
        },
      },
    })),
    ...booking.package_queues.flatMap((entry) => {
      const traveler = travelerOf(entry);
      if (!traveler) return [];
      const bookedEmail = bookedEmailOf(booking, entry);
      return [
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.travelerQueue(booking.partner_id, traveler, entry.uuid),
              // An index key, not an item of its own: a booking's 25 entries keep it inside one transaction.
              ...(bookedEmail
                ? { ...keys.bookedEmailLookup(booking.partner_id, bookedEmail, entry.uuid), external_user_id: entry.external_user_id }
                : {}),
              entity: 'traveler_queue_ref',
              version: 1,
              partner_id: booking.partner_id,
              booking: booking.id,
            },
          },
        },
      ];
    }),
  ];

  return {
    ...dynamoBookingLookups(client, tableName),

    async create({ booking, events, schedules, usedSignature, emails = [] }) {
      // First item: the request's single-use signature record, so a reused signature cancels the whole write.
      const claim = usedSignature ? [{ Put: usedSignaturePut(tableName, usedSignature) }] : [];
      const reference = booking.booking_id
        ? [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.bookingReference(booking.partner_id, booking.booking_id),
                  entity: 'booking_ref',
                  version: 1,
                  booking: booking.id,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
              },
            },
          ]
        : [];
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              ...claim,
              ...reference,
              { Put: { TableName: tableName, Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
              ...lookupPuts(booking),
              ...events.map((event) => eventPut(tableName, event)),
              ...schedules.map((planned) => schedulePut(tableName, booking.partner_id, booking.id, planned)),
              ...emails.map((request) => emailRequestPut(tableName, request)),
            ],
          }),
        );
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (claim.length > 0 && reasons?.[0]?.Code === 'ConditionalCheckFailed') throw signatureReused();
        const referenceReason = reasons?.[claim.length];
        if (reference.length > 0 && referenceReason?.Code === 'ConditionalCheckFailed') {
          const existing = failedItemString(referenceReason, 'booking');
          throw new ConflictError(
            'booking_id_taken',
            `A booking with booking_id "${booking.booking_id}" already exists. Use a new booking_id, or read or delete the existing booking.`,
            [{ path: 'booking_id', message: existing ? `Already used by booking ${existing}.` : 'Already used by another booking.' }],
          );
        }
        throw error;
      }
    },

    async replace(booking, events = [], emails = []) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: bookingItem(booking),
                  ConditionExpression: 'version = :expected',
                  ExpressionAttributeValues: { ':expected': booking.version - 1 },
                },
              },
              ...events.map((event) => eventPut(tableName, event)),
              ...emails.map((request) => emailRequestPut(tableName, request)),
            ],
          }),
        );
      } catch (error) {
        if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') throw concurrentChange();
        throw error;
      }
    },

    async delete(booking) {
      const deletes = [
        ...(booking.booking_id ? [keys.bookingReference(booking.partner_id, booking.booking_id)] : []),
        // Redeemed codes keep their look-up: the traveler's package lives on after the booking is gone.
        ...booking.promo_codes
          .filter((p) => p.status === 'unredeemed')
          .flatMap((p) => [keys.promoCode(booking.partner_id, p.uuid), keys.promoCodeValue(booking.partner_id, p.code)]),
        ...booking.package_queues.flatMap((entry) => {
          const traveler = travelerOf(entry);
          return traveler && entry.status === 'pending' ? [keys.travelerQueue(booking.partner_id, traveler, entry.uuid)] : [];
        }),
        ...departureEventNames.map((event) => keys.departureSchedule(booking.partner_id, booking.id, event)),
      ];
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.booking(booking.partner_id, booking.id),
                  ConditionExpression: 'version = :expected',
                  ExpressionAttributeValues: { ':expected': booking.version },
                },
              },
              ...deletes.map((Key) => ({ Delete: { TableName: tableName, Key } })),
            ],
          }),
        );
      } catch (error) {
        if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') throw concurrentChange();
        throw error;
      }
    },
  };
};

/** Pages of a partner's bookings, merged from its shards: its own adapter, so only the list function bundles it. */
export const dynamoBookingPages = (client: DynamoDBDocumentClient, tableName: string): BookingPages => ({
  async listPage(partnerId, { limit, from }) {
    // Sort keys are UUIDv7 ids, one order across the shards: a range on sk is the position, in every shard alike.
    const range = !from
      ? { condition: 'begins_with(sk, :sk)', values: { ':sk': 'BOOKING#' } }
      : {
          condition: `sk ${from.direction === 'older' ? '<' : '>'}${from.inclusive ? '=' : ''} :sk`,
          values: { ':sk': keys.bookingSortKey(from.id) },
        };
    const newerFirst = from?.direction !== 'newer';
    const items = await queryShardsInOrder(client, {
      tableName,
      partitionKey: 'pk',
      sortKey: 'sk',
      shards: Array.from({ length: keys.BOOKING_SHARDS }, (_, shard) => keys.bookingsOf(partnerId, shard)),
      range,
      ascending: !newerFirst,
      consistent: true,
      count: limit + 1,
    });
    const page = items.slice(0, limit).map((item) => fromItem(item) as Booking);
    // Reading toward newer bookings walks forward in time; the page is still shown newest first.
    return { bookings: newerFirst ? page : page.reverse(), more: items.length > limit };
  },
});
