// benchmark → partner requests through the local server beside a bare node:http server that answers each request
// with only the same single DynamoDB call (GetItem, Query, TransactWriteItems) on the same DynamoDB Local.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import type { PartnerProfile } from '#shared/domain/partner';
import { validate } from '#shared/domain/validate';
import type { LocalRuntime } from '#bin/local/runtime';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { serviceClock } from '#shared/clock';
import { keys } from '#shared/storage/keys';
import { queryShardsInOrder } from '#shared/storage/sharded-query';
import { createBooking } from '#shared/usecases/create-booking';
import { interleaved, percentile, type Row } from '#test/bench/measure';
import { makeBookingRequest } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';
import type { BookingStore } from '#shared/usecases/ports/bookings';

type Client = ReturnType<typeof signedClient>;

/** The same three requests answered with one DynamoDB call each and nothing else: no auth, no validation, no envelope. */
export const startBareServer = async (client: DynamoDBDocumentClient, tableName: string, profile: PartnerProfile) => {
  const store = dynamoBookingStore(client, tableName);
  const partnerId = profile.partner_id;
  // The items of a booking are built in memory by the domain code; the bare server only writes them.
  const itemsOf = async (body: unknown) => {
    let captured: Parameters<BookingStore['create']>[0] | undefined;
    await createBooking(
      { partnerId, request: validate(BookingRequestSchema, body) },
      {
        bookings: { create: async (input) => void (captured = input) } as BookingStore,
        partners: { getProfile: async () => profile },
        brands: { exists: async () => true },
        catalog: { findPackages: async () => new Map() },
        clock: serviceClock,
      },
    );
    return captured!;
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://bare');
      let data: unknown;
      if (req.method === 'POST') {
        const items = await itemsOf(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        await store.create(items);
        data = [{ id: items.booking.id }];
      } else if (url.pathname === '/bookings') {
        // The design's list: one Query per booking shard, merged (shared/storage/sharded-query.ts).
        const Items = await queryShardsInOrder(client, {
          tableName,
          partitionKey: 'pk',
          sortKey: 'sk',
          shards: Array.from({ length: keys.BOOKING_SHARDS }, (_, shard) => keys.bookingsOf(partnerId, shard)),
          range: { condition: 'begins_with(sk, :sk)', values: { ':sk': 'BOOKING#' } },
          ascending: false,
          consistent: true,
          count: Number(url.searchParams.get('perPage') ?? 10) + 1,
        });
        data = Items;
      } else {
        const id = url.pathname.split('/').pop() ?? '';
        const get = client.send(new GetCommand({ TableName: tableName, Key: keys.booking(partnerId, id), ConsistentRead: true }));
        // /floor/…: the floor of a design with single-use signatures, the signature's conditional put beside the read.
        const claim = url.pathname.startsWith('/floor/')
          ? client.send(new PutCommand({
              TableName: tableName,
              Item: { ...keys.usedSignature('bench', randomUUID()), entity: 'used_signature' },
              ConditionExpression: 'attribute_not_exists(pk)',
            }))
          : undefined;
        data = (await get).Item;
        await claim;
      }
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((done) => server.close(() => done())) };
};

/** Median latency of `count` sequential requests. */
const sequentialP50 = async (count: number, call: (i: number) => Promise<unknown>) => {
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await call(i);
    timings.push(performance.now() - started);
  }
  return percentile(timings, 50);
};

/** Requests per second with `clients` concurrent clients sending `total` requests. */
const throughput = async (clients: number, total: number, call: (i: number) => Promise<unknown>) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) await call((next += 1));
    }),
  );
  return total / ((performance.now() - started) / 1000);
};

const expectStatus = async (response: Promise<{ status: number }>, status: number) => {
  const { status: actual } = await response;
  if (actual !== status) throw new Error(`Benchmark request answered ${actual}, expected ${status}`);
};

export const requestLatency = async (
  runtime: LocalRuntime,
  partner: { api_key: string; api_secret?: string; profile: PartnerProfile },
  { rounds, requests }: { rounds: number; requests: number },
): Promise<Row[]> => {
  const bare = await startBareServer(runtime.admin.documentClient, runtime.tableName, partner.profile);
  try {
    // Neither side's answers are checked against the contract here: the bare server's are not the API's, and the
    // check's CPU would land in this process beside both servers. Both sign, so both pay the client's cost.
    const service: Client = signedClient(runtime.url, partner, { checkContract: false });
    const reference: Client = signedClient(bare.url, partner, { checkContract: false });
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const created = await service.send('POST', '/bookings', { body: makeBookingRequest() });
      ids.push(created.body.data[0].id);
    }
    const get = (client: Client, prefix = '') => (i: number) => expectStatus(client.send('GET', `${prefix}/bookings/${ids[i % ids.length]}`), 200);
    const list = (client: Client) => () => expectStatus(client.send('GET', '/bookings?perPage=10'), 200);
    const create = (client: Client) => () => expectStatus(client.send('POST', '/bookings', { body: makeBookingRequest() }), 201);

    const figures = await interleaved(rounds, {
      get: () => sequentialP50(requests, get(service)),
      bareGet: () => sequentialP50(requests, get(reference)),
      floorGet: () => sequentialP50(requests, get(reference, '/floor')),
      list: () => sequentialP50(requests, list(service)),
      bareList: () => sequentialP50(requests, list(reference)),
      create: () => sequentialP50(requests, create(service)),
      bareCreate: () => sequentialP50(requests, create(reference)),
      getThroughput: () => throughput(50, requests * 5, get(service)),
      bareGetThroughput: () => throughput(50, requests * 5, get(reference)),
      floorGetThroughput: () => throughput(50, requests * 5, get(reference, '/floor')),
    });
    const bareName = 'bare node:http + one DynamoDB call';
    const floorName = 'bare node:http + GetItem ∥ signature PutItem';
    return [
      { figure: 'GET /bookings/{id} p50', value: figures.get, reference: figures.bareGet, referenceName: bareName, unit: 'ms', target: { max: 1.3 } },
      { figure: 'GET /bookings/{id} p50', value: figures.get, reference: figures.floorGet, referenceName: floorName, unit: 'ms' },
      { figure: 'GET /bookings?perPage=10 p50', value: figures.list, reference: figures.bareList, referenceName: bareName, unit: 'ms', target: { max: 1.3 } },
      { figure: 'POST /bookings p50', value: figures.create, reference: figures.bareCreate, referenceName: bareName, unit: 'ms', target: { max: 1.3 } },
      {
        figure: 'GET /bookings/{id}, 50 concurrent clients', value: figures.getThroughput, reference: figures.bareGetThroughput,
        referenceName: bareName, unit: 'req/s', target: { min: 0.9 },
      },
      {
        figure: 'GET /bookings/{id}, 50 concurrent clients', value: figures.getThroughput, reference: figures.floorGetThroughput,
        referenceName: floorName, unit: 'req/s',
      },
    ];
  } finally {
    await bare.stop();
  }
};
