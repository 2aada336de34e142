// benchmark → the design at 100 times today's data (issue 19 item 5): the same requests and sweeps on an empty table
// and on a table seeded with SCALE_BOOKINGS bookings (default 1,000,000) across 200 partners, one of them holding
// half, measured interleaved in the same run on one DynamoDB Local, each figure beside its empty-table reference.
// `npm run bench:scale`; SCALE_BOOKINGS, BENCH_ROUNDS (5) and BENCH_REQUESTS (60 per round) change the size.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';
import { takeNoArguments } from '#test/bench/arguments';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import * as keys from '#shared/storage/keys';
import { queryShardsInOrder } from '#shared/storage/sharded-query';
import { usedSignaturePut } from '#shared/storage/replay-guard';
import { indexes } from '#shared/storage/table-definition';
import { dynamoPackageScheduleIndex } from '#shared/storage/package-schedule-index';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';
import { alternating, interleaved, loadAverage, median, percentile, report, type Row } from '#test/bench/measure';
import { createTableWithoutStream, enableStream, type SeedResult, seedTable } from '#test/bench/seed';
import { signedClient } from '#test/support/signed-client';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';

const projectRoot = resolve(import.meta.dirname, '../..');
takeNoArguments(`Usage: [SCALE_BOOKINGS=…] [BENCH_ROUNDS=…] [BENCH_REQUESTS=…] npm run bench:scale

Seeds a table with SCALE_BOOKINGS bookings (1000000; a long run, docs/benchmarks.md) and measures the same requests
and sweeps on it and on an empty table, interleaved, BENCH_ROUNDS rounds (5) of BENCH_REQUESTS requests (60).
Example (a minute): SCALE_BOOKINGS=3000 BENCH_ROUNDS=1 BENCH_REQUESTS=10 npm run bench:scale`);

const BOOKINGS = Number(process.env.SCALE_BOOKINGS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const PER_PAGE = 10;
const DEEP_PAGE = 50;

/** Starts the local runtime for one table in its own process; resolves with its URL. */
const startServer = (tableName: string, secretKey: string, endpoint: string) =>
  new Promise<{ url: string; child: ChildProcess }>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'local-server.ts'), tableName, secretKey], {
      cwd: projectRoot,
      env: { ...process.env, DYNAMODB_ENDPOINT: endpoint },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.once('exit', (code) => fail(new Error(`The ${tableName} server exited (${code}) before it started`)));
    createInterface({ input: child.stdout! }).once('line', (line) => done({ url: (JSON.parse(line) as { url: string }).url, child }));
  });

/** What one side of the comparison needs: its table's seed, a signed client, the ids and cursor its requests use. */
const prepareSide = async (documentClient: DynamoDBDocumentClient, tableName: string, seed: SeedResult, url: string) => {
  const client = signedClient(url, seed.biggest, { checkContract: false });
  const first = await client.send('GET', `/bookings?perPage=${PER_PAGE}`);
  const ids = (first.body.data as Array<{ id: string }>).map((booking) => booking.id);
  let cursor: string = first.body.pagination.nextCursor;
  let lastSeen = ids.at(-1)!;
  for (let page = 2; page < DEEP_PAGE; page += 1) {
    const body = (await client.send('GET', `/bookings?perPage=${PER_PAGE}&cursor=${encodeURIComponent(cursor)}`)).body;
    const next = body.pagination.nextCursor;
    if (!next) throw new Error(`The partner has fewer than ${DEEP_PAGE} pages of bookings: seed more (SCALE_BOOKINGS).`);
    cursor = next;
    lastSeen = (body.data as Array<{ id: string }>).at(-1)!.id;
  }
  const clock = { now: () => seedNow };
  // DynamoDB Local alone: one Query of the kinds the list and the sweeps send, without our code around it, so the
  // figures above can be read against what the emulator itself does with the bigger table.
  const shardQuery = (before?: string) =>
    documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: before ? 'pk = :pk AND sk < :sk' : 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': keys.bookingsOf(seed.biggest.partner_id, 0), ':sk': before ? keys.bookingSortKey(before) : 'BOOKING#' },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: Math.ceil((PER_PAGE + 1) / keys.BOOKING_SHARDS) + 2,
      }),
    );
  // The list's own DynamoDB part: the 16 shard Queries of a first page, merged, as the floor server sends them.
  const firstPageShards = () =>
    queryShardsInOrder(documentClient, {
      tableName,
      partitionKey: 'pk',
      sortKey: 'sk',
      shards: Array.from({ length: keys.BOOKING_SHARDS }, (_, shard) => keys.bookingsOf(seed.biggest.partner_id, shard)),
      range: { condition: 'begins_with(sk, :sk)', values: { ':sk': 'BOOKING#' } },
      ascending: false,
      consistent: true,
      count: PER_PAGE + 1,
    });
  const dueQuery = () =>
    documentClient.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: indexes.byTime.name,
        KeyConditionExpression: `${indexes.byTime.partitionKey} = :pk AND ${indexes.byTime.sortKey} <= :upper`,
        ExpressionAttributeValues: { ':pk': keys.dueShard(0), ':upper': `${seedNow.toISOString()}#\uffff` },
        Limit: 100,
      }),
    );
  // And the keyed calls reading one booking makes: its GetItem and the signature's conditional PutItem.
  const bookingGet = (i: number) =>
    documentClient.send(
      new GetCommand({ TableName: tableName, Key: keys.booking(seed.biggest.partner_id, ids[i % ids.length]!), ConsistentRead: true }),
    );
  const signaturePut = () =>
    documentClient.send(
      new PutCommand(
        usedSignaturePut(tableName, { apiKey: 'scale', signature: randomUUID(), expiresAtEpochSeconds: Math.floor(Date.now() / 1000) + 600 }),
      ),
    );
  return {
    client,
    ids,
    deepCursor: cursor,
    bookingGet,
    signaturePut,
    shardQuery,
    firstPageShards,
    deepShardQuery: () => shardQuery(lastSeen),
    dueQuery,
    traveler: seed.traveler,
    departures: () =>
      sweepDepartureEvents({
        schedules: dynamoScheduleStore(documentClient, tableName),
        bookings: dynamoBookingStore(documentClient, tableName),
        clock,
        esimInstalled: esimInstalledAmong(dynamoTravelerStore(documentClient, tableName)),
      }),
    packages: () =>
      sweepPackageSchedules({
        travelers: dynamoTravelerStore(documentClient, tableName),
        packageSchedules: dynamoPackageScheduleIndex(documentClient, tableName),
        clock,
      }),
  };
};
type Side = Awaited<ReturnType<typeof prepareSide>>;

const expectOk = async (response: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`Benchmark request answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
};

const kinds = {
  'GET /bookings (first page)': (side: Side) => (i: number) => expectOk(side.client.send('GET', `/bookings?perPage=${PER_PAGE}&request=${i}`)),
  'GET /bookings (50th page)': (side: Side) => (i: number) =>
    expectOk(side.client.send('GET', `/bookings?perPage=${PER_PAGE}&cursor=${encodeURIComponent(side.deepCursor)}&request=${i}`)),
  'GET /bookings/{id}': (side: Side) => (i: number) => expectOk(side.client.send('GET', `/bookings/${side.ids[i % side.ids.length]}`)),
  'GET /native/user-dashboard': (side: Side) => (i: number) =>
    expectOk(side.client.send('GET', `/native/user-dashboard?external_user_id=${side.traveler}&request=${i}`)),
  'GET /webhooks/deliveries': (side: Side) => (i: number) => expectOk(side.client.send('GET', `/webhooks/deliveries?perPage=20&request=${i}`)),
  'departure sweep (nothing due, a month ahead indexed)': (side: Side) => () => side.departures(),
  'package sweep (nothing due, a month ahead indexed)': (side: Side) => () => side.packages(),
  'DynamoDB Local alone: the booking GetItem': (side: Side) => (i: number) => side.bookingGet(i),
  'DynamoDB Local alone: the signature PutItem': (side: Side) => () => side.signaturePut(),
  'DynamoDB Local alone: one bookings shard Query (first page)': (side: Side) => () => side.shardQuery(),
  'DynamoDB Local alone: the 16 shard Queries of a first page, merged': (side: Side) => () => side.firstPageShards(),
  'DynamoDB Local alone: one bookings shard Query (50th page position)': (side: Side) => () => side.deepShardQuery(),
  'DynamoDB Local alone: one due-index shard Query (nothing due)': (side: Side) => () => side.dueQuery(),
};
type Kind = keyof typeof kinds;

const seedNow = new Date();

const loadBefore = loadAverage();
console.log(`Node ${process.version}, ${ROUNDS} rounds of ${REQUESTS}, ${BOOKINGS} bookings; load average before: ${loadBefore}`);
const dynamo = await startDynamoDbLocal({ inMemory: true });
const client = new DynamoDBClient({
  endpoint: dynamo.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const servers: ChildProcess[] = [];
try {
  const secretKey = randomBytes(32).toString('base64');
  const common = { now: seedNow, secretKey, concurrency: 32, bookingsPerTraveler: 4, log: console.log };
  await createTableWithoutStream(client, 'scale-empty');
  await createTableWithoutStream(client, 'scale-loaded');
  // The reference holds only what the requests read: one partner with 60 pages of bookings, its traveler, its log.
  const emptySeed = await seedTable(client, {
    ...common,
    tableName: 'scale-empty',
    bookings: PER_PAGE * (DEEP_PAGE + 10),
    partners: 1,
    biggestShare: 1,
    deliveriesPerBooking: 0.25,
  });
  console.log(`Seeding ${BOOKINGS} bookings over 200 partners (half for one)…`);
  const loadedSeed = await seedTable(client, {
    ...common,
    tableName: 'scale-loaded',
    bookings: BOOKINGS,
    partners: 200,
    biggestShare: 0.5,
    deliveriesPerBooking: 0.05,
  });
  console.log(
    `Seeded ${loadedSeed.items} items in ${loadedSeed.seconds.toFixed(0)} s (${(loadedSeed.items / loadedSeed.seconds).toFixed(0)} items/s)`,
  );
  await enableStream(client, 'scale-empty');
  await enableStream(client, 'scale-loaded');

  const [emptyServer, loadedServer] = [
    await startServer('scale-empty', secretKey, dynamo.endpoint),
    await startServer('scale-loaded', secretKey, dynamo.endpoint),
  ];
  servers.push(emptyServer.child, loadedServer.child);
  const empty = await prepareSide(documentClient, 'scale-empty', emptySeed, emptyServer.url);
  const loaded = await prepareSide(documentClient, 'scale-loaded', loadedSeed, loadedServer.url);
  console.log(`Load average after seeding: ${loadAverage()}`);

  const pools = new Map<string, number[]>();
  const pool = (name: string) => pools.get(name) ?? (pools.set(name, []), pools.get(name)!);
  // Each kind's calls alternate between the two tables (ABBA); the empty table's p50 of each round is kept beside.
  const emptyP50s = new Map<Kind, number[]>();
  const candidates: Record<string, () => Promise<number>> = {};
  for (const kind of Object.keys(kinds) as Kind[]) {
    candidates[kind] = async () => {
      const [value, reference] = await alternating(
        REQUESTS,
        [kinds[kind](loaded), kinds[kind](empty)],
        [pool(`${kind}|loaded`), pool(`${kind}|empty`)],
      );
      emptyP50s.set(kind, [...(emptyP50s.get(kind) ?? []), reference]);
      return value;
    };
  }
  const figures = await interleaved(ROUNDS, candidates);
  const rows = (Object.keys(kinds) as Kind[]).flatMap((kind): Row[] => [
    {
      figure: `${kind} p50`,
      value: figures[kind]!,
      reference: median(emptyP50s.get(kind)!),
      referenceName: 'empty table',
      unit: 'ms',
      // The emulator's own Queries are the reading aid, not a target: issue 19 item 5 names the service's figures.
      ...(kind.startsWith('DynamoDB Local alone') ? {} : { target: { max: 1.1 } }),
    },
    {
      figure: `${kind} p99`,
      value: percentile(pool(`${kind}|loaded`), 99),
      reference: percentile(pool(`${kind}|empty`), 99),
      referenceName: 'empty table',
      unit: 'ms',
    },
  ]);
  const met = report(`${BOOKINGS} bookings (${loadedSeed.items} items) against an empty table`, rows);
  console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
  console.log(met ? 'Every target met.' : 'Some targets are not met (rows marked **no**).');
} finally {
  for (const server of servers) server.stdin?.end();
  await Promise.all(servers.map((server) => new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)))));
  client.destroy();
  await dynamo.stop();
}
