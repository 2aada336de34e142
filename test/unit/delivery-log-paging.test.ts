// The partner delivery log merges one Query per delivery-log shard by position, continues from a page's position
// in every shard, and stops at its read budget with a position to continue from. A fake client pages as DynamoDB
// documents (Limit counts rows read before the filter; at most 7 rows per call, as if each call hit the 1 MB cap).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import * as keys from '#shared/storage/keys';
import type { DeliveryLogQuery } from '#shared/usecases/ports/webhooks';

type Row = { gsi2pk: string; gsi2sk: string; delivery_id: string; status: string; event: string; created_at: string };

const T0 = Date.parse('2026-12-01T00:00:00.000Z');
/** `count` deliveries one second apart; every `failEvery`-th is dead-lettered, the rest delivered. */
const makeDeliveries = (count: number, failEvery = 0): Row[] =>
  Array.from({ length: count }, (_, i) => {
    const deliveryId = `dlv_${String(i).padStart(5, '0')}`;
    const created_at = new Date(T0 + i * 1000).toISOString();
    return {
      gsi2pk: keys.deliveryLogShard('p-1', deliveryId),
      gsi2sk: `${created_at}#${deliveryId}`,
      delivery_id: deliveryId,
      status: failEvery > 0 && i % failEvery === 0 ? 'dead_lettered' : 'delivered',
      event: 'booking.within_cutoff',
      created_at,
    };
  });
const newestFirst = (rows: Row[]) => rows.map((row) => row.delivery_id).reverse();

const pagingClient = (rows: Row[]) => {
  const requests: Array<{ pk: string; Limit: number; scanned: number }> = [];
  const client = {
    send: async (command: {
      input: { Limit: number; ExclusiveStartKey?: { gsi2sk: string }; ExpressionAttributeValues: Record<string, unknown>; FilterExpression?: string };
    }) => {
      const { Limit, ExclusiveStartKey, ExpressionAttributeValues: values, FilterExpression } = command.input;
      const pk = values[':shard'] as string;
      const [from, to] = [values[':from'] as string, values[':to'] as string];
      const statuses = Object.entries(values)
        .filter(([name]) => name.startsWith(':status'))
        .map(([, status]) => status);
      const inShard = rows
        .filter((row) => row.gsi2pk === pk && row.gsi2sk >= from && row.gsi2sk <= to && (!ExclusiveStartKey || row.gsi2sk < ExclusiveStartKey.gsi2sk))
        .sort((a, b) => (a.gsi2sk < b.gsi2sk ? 1 : -1));
      const scanned = inShard.slice(0, Math.min(7, Limit));
      const last = scanned.at(-1);
      requests.push({ pk, Limit, scanned: scanned.length });
      return {
        Items: scanned.filter((row) => !FilterExpression || statuses.includes(row.status)),
        ScannedCount: scanned.length,
        LastEvaluatedKey: scanned.length < inShard.length && last ? { gsi2pk: pk, gsi2sk: last.gsi2sk } : undefined,
      };
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, requests };
};

/** Every page of a query from the start, and the ids they showed in order. */
const walk = async (client: DynamoDBDocumentClient, query: DeliveryLogQuery) => {
  const log = dynamoDeliveryLog(client, 'table');
  const pages: Array<{ ids: string[]; nextPosition?: string }> = [];
  let after: string | undefined;
  do {
    const page = await log.page('p-1', { ...query, after });
    pages.push({ ids: page.records.map((record) => record.delivery_id), nextPosition: page.nextPosition });
    after = page.nextPosition;
  } while (after !== undefined && pages.length < 1_000);
  return { pages, ids: pages.flatMap((page) => page.ids) };
};

describe('Storage: delivery log paging over shards', () => {
  it('answers the newest deliveries of all shards in order, each page continuing where the last one stopped', async () => {
    // Prepare
    const deliveries = makeDeliveries(300);
    const { client, requests } = pagingClient(deliveries);

    // Act
    const { pages, ids } = await walk(client, { limit: 50 });

    // Assess
    expect(ids).toEqual(newestFirst(deliveries));
    expect(pages.map((page) => page.ids.length)).toEqual([50, 50, 50, 50, 50, 50]);
    expect(pages.at(-1)?.nextPosition).toBeUndefined();
    expect(pages[0]?.nextPosition).toBe(`${deliveries[250]!.created_at}#${deliveries[250]!.delivery_id}`);
    expect(new Set(requests.map((request) => request.pk)).size).toBe(keys.DELIVERY_SHARDS);
  });

  it('asks each shard for its share only on the first read, so a page reads about perPage rows', async () => {
    const { client, requests } = pagingClient(makeDeliveries(600));

    await dynamoDeliveryLog(client, 'table').page('p-1', { limit: 10 });

    expect(requests.slice(0, keys.DELIVERY_SHARDS).map((request) => request.Limit)).toEqual(
      Array(keys.DELIVERY_SHARDS).fill(Math.ceil(11 / keys.DELIVERY_SHARDS) + 2),
    );
  });

  it('says there is no next page when the last delivery fills the page exactly', async () => {
    const deliveries = makeDeliveries(20);
    const { client } = pagingClient(deliveries);

    const { pages } = await walk(client, { limit: 10 });

    expect(pages.map((page) => page.ids)).toEqual([newestFirst(deliveries).slice(0, 10), newestFirst(deliveries).slice(10)]);
    expect(pages[1]?.nextPosition).toBeUndefined();
  });

  it('keeps to the time range, both bounds inclusive to the second', async () => {
    const deliveries = makeDeliveries(100);
    const { client } = pagingClient(deliveries);

    const { ids } = await walk(client, { limit: 7, since: deliveries[20]!.created_at, until: deliveries[59]!.created_at });

    expect(ids).toEqual(newestFirst(deliveries.slice(20, 60)));
  });

  it('finds every match of a sparse filter across pages, never repeating or skipping one', async () => {
    const deliveries = makeDeliveries(2_000, 97);
    const { client } = pagingClient(deliveries);

    const { ids } = await walk(client, { limit: 5, statuses: ['dead_lettered'] });

    expect(ids).toEqual(newestFirst(deliveries.filter((row) => row.status === 'dead_lettered')));
  });

  it('stops a page at its read budget and continues from the position it reached', async () => {
    // Nothing matches: every page reads to its budget and hands on a position, until the log ends.
    const deliveries = makeDeliveries(2_000);
    const { client, requests } = pagingClient(deliveries);
    const log = dynamoDeliveryLog(client, 'table');

    const first = await log.page('p-1', { limit: 10, statuses: ['held'] });
    const readByFirst = requests.reduce((sum, request) => sum + request.scanned, 0);
    const { pages } = await walk(client, { limit: 10, statuses: ['held'] });

    expect(first.records).toEqual([]);
    expect(first.nextPosition).toBeDefined();
    expect(readByFirst).toBeGreaterThan(500 - keys.DELIVERY_SHARDS);
    expect(readByFirst).toBeLessThanOrEqual(500);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)?.nextPosition).toBeUndefined();
  });
  it('reads a delivery whose first attempt is still in flight with null outcome fields, as the log documents them', async () => {
    // The dispatcher writes the record before its first answer is known: it has no reason, status code or error yet.
    const { client } = pagingClient(makeDeliveries(1).map((row) => ({ ...row, status: 'pending' })));

    const { records } = await dynamoDeliveryLog(client, 'table').page('p-1', { limit: 10 });

    expect(records).toEqual([expect.objectContaining({ status: 'pending', reason: null, last_status_code: null, last_error: null })]);
  });
});
