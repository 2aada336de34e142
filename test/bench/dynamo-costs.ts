// benchmark → what single DynamoDB calls cost on DynamoDB Local, by table shape and item shape (diagnostic, not judged).
// Run with `npx tsx test/bench/dynamo-costs.ts`: per call, the wall time and DynamoDB Local's CPU time.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { DynamoDBClient, CreateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_REQUESTS ?? 200);

const dynamo = await startDynamoDbLocal({ inMemory: true });
const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
const doc = DynamoDBDocumentClient.from(client);
const port = new URL(dynamo.endpoint).port;
const javaPid = readdirSync('/proc')
  .filter((p) => /^\d+$/.test(p))
  .find((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`-port\0${port}`);
    } catch {
      return false;
    }
  });
/** CPU time of DynamoDB Local's JVM so far, in ms (clock ticks of 10 ms). */
const jvmCpu = () => {
  const f = readFileSync(`/proc/${javaPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

const table = async (name: string, { stream, gsis, ttl }: { stream: boolean; gsis: boolean; ttl: boolean }) => {
  const gsi = (n: number) => ({
    IndexName: `gsi${n}`,
    KeySchema: [
      { AttributeName: `gsi${n}pk`, KeyType: 'HASH' as const },
      { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  });
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', ...(gsis ? ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] : [])].map((a) => ({
        AttributeName: a,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ...(gsis ? { GlobalSecondaryIndexes: [gsi(1), gsi(2)] } : {}),
      ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } } : {}),
    }),
  );
  if (ttl) await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } }));
  return name;
};

// The service's table (stream, two GSIs, TTL) and the same table without each of them.
const full = await table('full', { stream: true, gsis: true, ttl: true });
const noStream = await table('nostream', { stream: false, gsis: true, ttl: true });
const noGsi = await table('nogsi', { stream: true, gsis: false, ttl: true });
const plain = await table('plain', { stream: false, gsis: false, ttl: false });

const bookingKey = { pk: 'PARTNER#ptn_j-UrpXj-Y_tn#BOOKINGS', sk: 'BOOKING#b_456' };
for (const name of [full, noStream, noGsi, plain]) {
  await doc.send(new PutCommand({ TableName: name, Item: { ...bookingKey, entity: 'booking', data: 'x'.repeat(1500) } }));
}

const ttl = () => Math.ceil(Date.now() / 1000) + 600;
const apiKey = `pk_${randomBytes(24).toString('base64url')}`;
const hex = () => randomBytes(32).toString('hex');
const ours = () => ({ pk: `SIGNATURE#${apiKey}#${hex()}`, sk: 'SIGNATURE', entity: 'used_signature', ttl: ttl() });
const timed = async (call: () => Promise<unknown>) => {
  const cpu = jvmCpu();
  const started = performance.now();
  for (let i = 0; i < CALLS; i += 1) await call();
  return { wall: (performance.now() - started) / CALLS, jvm: (jvmCpu() - cpu) / CALLS };
};
const put =
  (name: string, item: () => Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  () =>
    doc.send(new PutCommand({ TableName: name, Item: item(), ...extra }));
const unused = { ConditionExpression: 'attribute_not_exists(pk)' };

const results: Record<string, Array<{ wall: number; jvm: number }>> = {};
const getBooking = () => doc.send(new GetCommand({ TableName: full, Key: bookingKey, ConsistentRead: true }));
/** A GET's two calls as the service makes them: the booking's read beside the signature's conditional put. */
const withRead = (write: () => Promise<unknown>) => () => Promise.all([getBooking(), write()]);
const without = (name: string) => () => {
  const item: Record<string, unknown> = ours();
  delete item[name];
  return item;
};
const candidates = {
  'GetItem, service table': getBooking,
  'GetItem, plain table': () => doc.send(new GetCommand({ TableName: plain, Key: bookingKey, ConsistentRead: true })),
  'signature put (ours), service table': put(full, ours, unused),
  'same, unconditional': put(full, ours),
  'same, without entity': put(full, without('entity'), unused),
  'same, without ttl': put(full, without('ttl'), unused),
  "floor server's put (short key, no ttl)": put(
    full,
    () => ({ pk: `SIGNATURE#bench#${randomUUID()}`, sk: 'SIGNATURE', entity: 'used_signature' }),
    unused,
  ),
  'signature put, table without stream': put(noStream, ours, unused),
  'signature put, table without GSIs': put(noGsi, ours, unused),
  'signature put, plain table': put(plain, ours, unused),
  'GetItem ∥ signature put (ours)': withRead(put(full, ours, unused)),
  'GetItem ∥ same, without ttl': withRead(put(full, without('ttl'), unused)),
  "GetItem ∥ floor server's put": withRead(
    put(full, () => ({ pk: `SIGNATURE#bench#${randomUUID()}`, sk: 'SIGNATURE', entity: 'used_signature' }), unused),
  ),
};
// Each round measures every candidate once, in a new random order, so neither load changes nor position favour one.
for (let round = 0; round < ROUNDS; round += 1) {
  const order = Object.keys(candidates).sort(() => Math.random() - 0.5) as Array<keyof typeof candidates>;
  for (const name of order) (results[name] ??= []).push(await timed(candidates[name]));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`| Call (${CALLS} sequential, median of ${ROUNDS} rounds) | Wall | DynamoDB Local CPU |\n|---|---|---|`);
for (const [name, figures] of Object.keys(candidates).map((key) => [key, results[key]!] as const)) {
  console.log(`| ${name} | ${median(figures.map((f) => f.wall)).toFixed(2)} ms | ${median(figures.map((f) => f.jvm)).toFixed(2)} ms |`);
}
client.destroy();
await dynamo.stop();
