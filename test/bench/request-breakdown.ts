// benchmark → where a request's time goes (diagnostic, not judged): sequential GET and POST /bookings through the
// local server and the bare servers, with the wall time of each DynamoDB call they make and the items of each
// transaction; then CPU per GET with 50 concurrent clients, in this process and in DynamoDB Local's JVM.
// Run with `npx tsx test/bench/request-breakdown.ts` (Linux: reads /proc).
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { percentile } from '#test/bench/measure';
import { startServiceBesideFloor } from '#test/bench/requests';
import { makeBookingRequest } from '#test/support/factories';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);

const { runtime, service, floor: reference, stop } = await startServiceBesideFloor(resolve(import.meta.dirname, '../..'));
const ids: string[] = [];
for (let i = 0; i < 50; i += 1) ids.push((await service.send('POST', '/bookings', { body: makeBookingRequest() })).body.data[0].id);

/** Wall time of every DynamoDB call a client makes, by command (and, for transactions, item count). */
const calls: Record<string, number[]> = {};
const watch = (client: DynamoDBClient | DynamoDBDocumentClient, side: string) =>
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length;
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        (calls[`${side}: ${context.commandName}${items ? ` (${items} items)` : ''}`] ??= []).push(performance.now() - started);
      }
    },
    { step: 'initialize', name: `benchWatch${side}` },
  );
watch((await import('#shared/composition/dynamodb')).dynamoClient, 'service');
watch(runtime.admin.documentClient, 'bare servers');

const requests: Record<string, (i: number) => Promise<unknown>> = {
  'service GET /bookings/{id}': (i) => service.send('GET', `/bookings/${ids[i % ids.length]}`),
  'bare GetItem ∥ signature PutItem': (i) => reference.send('GET', `/bookings/${ids[i % ids.length]}`),
  'bare GetItem': (i) => reference.send('GET', `/bare/bookings/${ids[i % ids.length]}`),
  'service POST /bookings': () => service.send('POST', '/bookings', { body: makeBookingRequest() }),
  'bare TransactWriteItems (with the signature record)': () => reference.send('POST', '/bookings', { body: makeBookingRequest() }),
};
const totals: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, call] of Object.entries(requests)) {
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      await call(i);
      (totals[name] ??= []).push(performance.now() - started);
    }
  }
}
console.log('| Request or call | p50 | Count |\n|---|---|---|');
for (const [name, times] of [...Object.entries(totals), ...Object.entries(calls)]) {
  console.log(`| ${name} | ${percentile(times, 50).toFixed(2)} ms | ${times.length} |`);
}

/** CPU time (user + system, ms) DynamoDB Local's JVM has used so far, from /proc; undefined where there is none. */
const port = new URL(runtime.dynamodbEndpoint).port;
const jvm = readdirSync('/proc').find((pid) => {
  try {
    return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`-port\0${port}\0`);
  } catch {
    return false;
  }
});
const jvmCpuMs = () => {
  if (!jvm) return Number.NaN;
  const fields = readFileSync(`/proc/${jvm}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime in clock ticks of 10 ms
};
const cpu: Record<string, Array<{ rate: number; node: number; jvm: number }>> = {};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of ['service GET /bookings/{id}', 'bare GetItem ∥ signature PutItem', 'bare GetItem']) {
    const total = REQUESTS * 5;
    let next = 0;
    const [nodeBefore, jvmBefore, started] = [process.cpuUsage(), jvmCpuMs(), performance.now()];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < total) await requests[name]!((next += 1));
      }),
    );
    const node = process.cpuUsage(nodeBefore);
    (cpu[name] ??= []).push({
      rate: total / ((performance.now() - started) / 1000),
      node: (node.user + node.system) / 1000 / total,
      jvm: (jvmCpuMs() - jvmBefore) / total,
    });
  }
}
console.log(
  '\n| 50 concurrent clients | Requests/s | CPU per request, this process (client + server) | CPU per request, DynamoDB Local |\n|---|---|---|---|',
);
for (const [name, figures] of Object.entries(cpu)) {
  const p50 = (pick: (figure: (typeof figures)[number]) => number) => percentile(figures.map(pick), 50);
  console.log(`| ${name} | ${p50((f) => f.rate).toFixed(0)} | ${p50((f) => f.node).toFixed(2)} ms | ${p50((f) => f.jvm).toFixed(2)} ms |`);
}
await stop();
