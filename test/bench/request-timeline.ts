// benchmark → when each DynamoDB call of a request starts and ends, the service beside its floor (diagnostic, not
// judged): POST /bookings, the dashboard and a redemption, the two sides alternating (ABBA) as in `npm run bench`,
// with the median start, end and duration of each call (by command and key, in order of start) and the time from
// the last call's answer to the client's. `KINDS=create,redeem` picks kinds; BENCH_REQUESTS (150) per side.
// Run with `npx tsx test/bench/request-timeline.ts`.
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_PACKAGE_SPECIFICATIONS } from '#shared/domain/schema-fields';
import { percentile } from '#test/bench/measure';
import { startServiceBesideFloor } from '#test/bench/requests';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const { runtime, service, floor, stop } = await startServiceBesideFloor(resolve(import.meta.dirname, '../..'));
const clients = { service, floor };
type Side = keyof typeof clients;

/** The partition key a call names (its items' keys for a transaction), ids shortened. */
const keysOf = (input: unknown): string => {
  const { Key, Item, ExpressionAttributeValues, TransactItems } = input as {
    Key?: { pk?: string };
    Item?: { pk?: string };
    ExpressionAttributeValues?: Record<string, unknown>;
    TransactItems?: Array<Record<string, unknown>>;
  };
  if (TransactItems) return TransactItems.map((item) => keysOf(Object.values(item)[0])).join(' + ');
  const key = String(Key?.pk ?? Item?.pk ?? ExpressionAttributeValues?.[':pk'] ?? '?');
  // Ids, shards and codes (any part with a digit) are shortened, so one kind of call has one name in every request.
  return key
    .split('#')
    .map((part) => (/\d/.test(part) ? '…' : part))
    .join('#');
};
const calls: Array<{ side: Side; name: string; start: number; end: number }> = [];
const watch = (client: DynamoDBClient | DynamoDBDocumentClient, side: Side) =>
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const start = performance.now();
      try {
        return await next(args);
      } finally {
        calls.push({ side, name: `${String(context.commandName).replace('Command', '')} ${keysOf(args.input)}`, start, end: performance.now() });
      }
    },
    { step: 'initialize', name: `timeline-${side}` },
  );
watch((await import('#shared/composition/dynamodb')).dynamoClient, 'service');
watch(runtime.admin.documentClient, 'floor');

const travelers: string[] = [];
for (let i = 0; i < 20; i += 1) {
  const traveler = `bench-traveler-${i}-${randomUUID().slice(0, 8)}`;
  await clients.service.send('POST', '/bookings', {
    body: makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: traveler })] }),
  });
  travelers.push(traveler);
}
const grantsFor = async () => {
  const grants: Array<{ externalUserId: string; queueId: string }> = [];
  while (grants.length < REQUESTS) {
    const ids = Array.from({ length: MAX_PACKAGE_SPECIFICATIONS }, () => `bench-redeemer-${randomUUID().slice(0, 12)}`);
    const booked = await clients.service.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: ids.map((id) => makePackageSpecification({ external_user_id: id })) }),
    });
    const entries = booked.body.data[0].package_queues as Array<{ uuid: string }>;
    grants.push(...entries.map((entry, index) => ({ externalUserId: ids[index]!, queueId: entry.uuid })));
  }
  return grants;
};
const grants = { service: await grantsFor(), floor: await grantsFor() };
const kinds: Record<string, (side: Side, i: number) => Promise<{ status: number }>> = {
  create: (side) => clients[side].send('POST', '/bookings', { body: makeBookingRequest() }),
  dashboard: (side, i) => clients[side].send('GET', `/native/user-dashboard?external_user_id=${travelers[i % travelers.length]}`),
  redeem: (side) => {
    const grant = grants[side].pop()!;
    return clients[side].send('POST', '/native/redeem-package', {
      body: { external_user_id: grant.externalUserId, package_queue_id: grant.queueId },
    });
  },
};
const chosen = (process.env.KINDS ?? Object.keys(kinds).join(',')).split(',');

type Timeline = { total: number; calls: Array<{ name: string; start: number; end: number }> };
const timed = async (kind: string, side: Side, i: number): Promise<Timeline> => {
  calls.length = 0;
  const started = performance.now();
  const { status } = await kinds[kind]!(side, i);
  const total = performance.now() - started;
  if (status >= 300) throw new Error(`${kind} on the ${side} answered ${status}`);
  const own = calls.filter((call) => call.side === side).sort((a, b) => a.start - b.start);
  return { total, calls: own.map(({ name, start, end }) => ({ name, start: start - started, end: end - started })) };
};
const p50 = (values: number[]) => percentile(values, 50).toFixed(2);

for (const kind of Object.keys(kinds).filter((name) => chosen.includes(name))) {
  const timelines: Record<Side, Timeline[]> = { service: [], floor: [] };
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const side of (i % 2 === 0 ? ['service', 'floor'] : ['floor', 'service']) as Side[]) timelines[side].push(await timed(kind, side, i));
  }
  for (const side of ['service', 'floor'] as Side[]) {
    const lines = timelines[side];
    console.log(`\n${kind}, ${side}: p50 ${p50(lines.map((line) => line.total))} ms`);
    // Calls by command and key, in order of their median start; one seen in only some requests is background work of
    // the local runtime in the window (the event pipeline: stream reads, webhook deliveries).
    const byName = Map.groupBy(
      lines.flatMap((line) => line.calls),
      (call) => call.name,
    );
    const ordered = [...byName].sort(
      ([, a], [, b]) =>
        percentile(
          a.map((c) => c.start),
          50,
        ) -
        percentile(
          b.map((c) => c.start),
          50,
        ),
    );
    for (const [name, seen] of ordered) {
      console.log(
        `  ${name}: start ${p50(seen.map((c) => c.start))}, end ${p50(seen.map((c) => c.end))}, took ${p50(seen.map((c) => c.end - c.start))} ms (${seen.length} in ${lines.length} requests)`,
      );
    }
    console.log(`  last call's answer → the client's: ${p50(lines.map((line) => line.total - Math.max(...line.calls.map((call) => call.end))))} ms`);
  }
}
await stop();
