// The booking list keeps reading when DynamoDB stops a Query page at 1 MB (LastEvaluatedKey), which
// DynamoDB Local does not emulate; a fake client pages the way the real service documents.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoBookingStore } from '#shared/storage/booking-store';

const bookings = Array.from({ length: 30 }, (_, i) => ({ id: `b-${String(100 - i)}` }));

/** Serves at most 12 rows per call, as if each call hit the 1 MB cap, and records the requests. */
const pagingClient = () => {
  const requests: Array<{ Limit?: number; ExclusiveStartKey?: unknown }> = [];
  const client = {
    send: async (command: { input: { Limit?: number; ExclusiveStartKey?: { sk: string } } }) => {
      requests.push(command.input);
      const start = command.input.ExclusiveStartKey ? Number(command.input.ExclusiveStartKey.sk) : 0;
      const count = Math.min(12, command.input.Limit ?? 12, bookings.length - start);
      const end = start + count;
      return { Items: bookings.slice(start, end), LastEvaluatedKey: end < bookings.length ? { pk: 'p', sk: String(end) } : undefined };
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, requests };
};

describe('Storage: booking list paging', () => {
  it('continues past a 1 MB page until it has perPage + 1 rows', async () => {
    // Prepare
    const { client, requests } = pagingClient();

    // Act
    const page = await dynamoBookingStore(client, 'table').listPage('p-1', { limit: 20 });

    // Assess
    expect(page.bookings.map((b) => b.id)).toEqual(bookings.slice(0, 20).map((b) => b.id));
    expect(page.more).toBe(true);
    expect(requests.map((r) => r.Limit)).toEqual([21, 9]);
  });

  it('stops at the end of the partition and says there is no more', async () => {
    const { client, requests } = pagingClient();

    const page = await dynamoBookingStore(client, 'table').listPage('p-1', { limit: 100 });

    expect(page.bookings).toHaveLength(30);
    expect(page.more).toBe(false);
    expect(requests).toHaveLength(3);
  });
});
