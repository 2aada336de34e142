// The booking list merges one Query per booking shard in id order, and keeps reading a shard when DynamoDB stops a
// Query page at 1 MB (LastEvaluatedKey), which DynamoDB Local does not emulate; a fake client pages the way the real
// service documents.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { uuidv7 } from '#shared/domain/ids';
import { dynamoBookingPages } from '#shared/storage/booking-store';
import * as keys from '#shared/storage/keys';

const T0 = Date.parse('2026-12-01T00:00:00.000Z');
const makeBookings = (count: number) => Array.from({ length: count }, (_, i) => uuidv7(T0 + i)).map((id) => ({ id, ...keys.booking('p-1', id) }));
const newestFirst = (bookings: Array<{ id: string }>) =>
  bookings
    .map((b) => b.id)
    .sort()
    .reverse();

/**
 * Serves at most 3 rows per call, as if each call hit the 1 MB cap, newest first, and records the requests. With
 * fewer rows per call than a 100-row page spreads over the shards (100 / 16 > 3), some shard is always read again.
 */
const pagingClient = (bookings: Array<{ id: string; pk: string; sk: string }>) => {
  const requests: Array<{ pk: string; Limit: number; continued: boolean }> = [];
  const client = {
    send: async (command: {
      input: { Limit: number; ExclusiveStartKey?: { sk: string }; ExpressionAttributeValues: Record<string, string>; KeyConditionExpression: string };
    }) => {
      const { Limit, ExclusiveStartKey, ExpressionAttributeValues: values, KeyConditionExpression } = command.input;
      const pk = values[':shard'] as string;
      requests.push({ pk, Limit, continued: Boolean(ExclusiveStartKey) });
      const olderThan = KeyConditionExpression.includes('sk <') ? values[':sk'] : undefined;
      const rows = bookings
        .filter((b) => b.pk === pk && (!olderThan || b.sk < olderThan) && (!ExclusiveStartKey || b.sk < ExclusiveStartKey.sk))
        .sort((a, b) => (a.sk < b.sk ? 1 : -1));
      const page = rows.slice(0, Math.min(3, Limit));
      const last = page[page.length - 1];
      return { Items: page, LastEvaluatedKey: page.length < rows.length && last ? { pk, sk: last.sk } : undefined };
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, requests };
};

describe('Storage: booking list paging over shards', () => {
  it('returns the newest bookings of all shards in order, reading a shard again when its rows run out', async () => {
    // Prepare
    const bookings = makeBookings(600);
    const { client, requests } = pagingClient(bookings);

    // Act
    const page = await dynamoBookingPages(client, 'table').listPage('p-1', { limit: 100 });

    // Assess
    expect(page.bookings.map((b) => b.id)).toEqual(newestFirst(bookings).slice(0, 100));
    expect(page.more).toBe(true);
    expect(new Set(requests.map((r) => r.pk)).size).toBe(keys.BOOKING_SHARDS);
    expect(requests.some((r) => r.continued)).toBe(true);
  });

  it('asks each shard for its share only, so a small page reads about perPage rows', async () => {
    const bookings = makeBookings(600);
    const { client, requests } = pagingClient(bookings);

    await dynamoBookingPages(client, 'table').listPage('p-1', { limit: 10 });

    expect(requests.slice(0, keys.BOOKING_SHARDS).map((r) => r.Limit)).toEqual(
      Array(keys.BOOKING_SHARDS).fill(Math.ceil(11 / keys.BOOKING_SHARDS) + 2),
    );
  });

  it('continues older than a position in every shard', async () => {
    const bookings = makeBookings(200);
    const position = newestFirst(bookings)[49] as string;
    const { client } = pagingClient(bookings);

    const page = await dynamoBookingPages(client, 'table').listPage('p-1', {
      limit: 10,
      from: { id: position, direction: 'older', inclusive: false },
    });

    expect(page.bookings.map((b) => b.id)).toEqual(newestFirst(bookings).slice(50, 60));
  });

  it('stops at the end of every shard and says there is no more', async () => {
    const bookings = makeBookings(30);
    const { client } = pagingClient(bookings);

    const page = await dynamoBookingPages(client, 'table').listPage('p-1', { limit: 100 });

    expect(page.bookings.map((b) => b.id)).toEqual(newestFirst(bookings));
    expect(page.more).toBe(false);
  });
});
