// benchmark → a soak of the local runtime (issue 19 item 7): mixed signed traffic from autocannon for SOAK_MINUTES
// (default 10) — bookings, reads, redemptions and usage facts (the sandbox's lifecycle steps) — with every webhook
// delivered to a slow receiver. Reports p50/p99 per route, errors, events lost or delivered twice, and the memory of
// the local runtime's process and of the DynamoDB Local JVM, sampled every 10 s, with a flatness verdict after warm-up.
// `npm run soak`; SOAK_MINUTES, SOAK_RATE (requests per second, default 30), SOAK_RECEIVER_DELAY_MS (default 300).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { takeNoArguments } from '#test/bench/arguments';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_RECORD_DIR, startDynamoDbLocal } from '#bin/local/dynamodb-local';
import { signedRequestHeaders } from '#shared/auth/request-signing';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { createPartner } from '#shared/usecases/manage-partners';
import { loadAverage, percentile } from '#test/bench/measure';
import { createTableWithoutStream, enableStream } from '#test/bench/seed';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';
import { eventually, startReceiver } from '#test/support/webhook-receiver';

takeNoArguments(`Usage: [SOAK_MINUTES=…] [SOAK_RATE=…] [SOAK_RECEIVER_DELAY_MS=…] npm run soak

Mixed signed traffic on the local runtime for SOAK_MINUTES (10) at SOAK_RATE requests per second (30), every webhook
to a receiver that answers after SOAK_RECEIVER_DELAY_MS (300). Memory is judged flat only after warm-up: a run of a
few minutes is mostly warm-up. Example: SOAK_MINUTES=2 npm run soak`);

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 30);
const RECEIVER_DELAY_MS = Number(process.env.SOAK_RECEIVER_DELAY_MS ?? 300);
const SAMPLE_EVERY_MS = 10_000;
/** Memory before this share of the run is warm-up (JIT, caches, the JVM's heap growing to its working size). */
const WARM_UP_SHARE = 0.3;
const TABLE = 'soak-table';

/** Resident set size of a process in MiB, from /proc (Linux). */
const rssMiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** The JVM of the DynamoDB Local listening on `port` (its watchdog records it). */
const javaPidOn = (port: number) => {
  for (const file of readdirSync(DEFAULT_RECORD_DIR)) {
    const record = JSON.parse(readFileSync(join(DEFAULT_RECORD_DIR, file), 'utf8')) as { javaPid: number; port: number };
    if (record.port === port) return record.javaPid;
  }
  throw new Error(`No DynamoDB Local record for port ${port} in ${DEFAULT_RECORD_DIR}`);
};

/** Least-squares slope of (minute, MiB) samples, in MiB per minute. */
const slope = (samples: Array<{ minute: number; mib: number }>) => {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p.mib, 0) / n;
  const sxy = samples.reduce((s, p) => s + (p.minute - mx) * (p.mib - my), 0);
  const sxx = samples.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
};

const loadBefore = loadAverage();
console.log(`Soak: ${MINUTES} min at ${RATE} requests/s, receiver answering after ${RECEIVER_DELAY_MS} ms; load average ${loadBefore}`);

// DynamoDB Local on disk (a temporary folder), so its memory is the JVM's, not the table's growing contents.
const dynamo = await startDynamoDbLocal({ dataDir: mkdtempSync(join(tmpdir(), 'soak-dynamodb-')), inMemory: false });
const dynamoPort = Number(new URL(dynamo.endpoint).port);
const client = new DynamoDBClient({
  endpoint: dynamo.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const receiver = await startReceiver();
let server: ChildProcess | undefined;
try {
  const secretKey = randomBytes(32).toString('base64');
  await createTableWithoutStream(client, TABLE);
  await enableStream(client, TABLE);
  const partner = await createPartner(
    { name: 'Soak' },
    { partners: dynamoPartnerStore(documentClient, TABLE), cipher: localSecretCipher(secretKey), clock: { now: () => new Date() } },
  );
  server = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'local-server.ts'), TABLE, secretKey], {
    env: { ...process.env, DYNAMODB_ENDPOINT: dynamo.endpoint },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    server!.once('exit', (code) => fail(new Error(`The local runtime exited (${code})`)));
    createInterface({ input: server!.stdout! }).once('line', (line) => done((JSON.parse(line) as { url: string }).url));
  });
  const partnerClient = signedClient(url, partner, { checkContract: false });
  // The API lives under a base path (`/api`); requests are signed without it, as the signed client does.
  const basePath = new URL(url).pathname.replace(/\/$/, '');
  const hook = '/soak';
  receiver.script(hook, [{ delayMs: RECEIVER_DELAY_MS, status: 200 }]);
  const endpoint = await partnerClient.send('PUT', '/webhooks/endpoint', { body: { url: `${receiver.url}${hook}` } });
  if (endpoint.status !== 200) throw new Error(`Setting the webhook endpoint answered ${endpoint.status}: ${JSON.stringify(endpoint.body)}`);

  // Memory samples of both processes, every 10 s.
  const memory: Array<{ minute: number; runtime: number; dynamodb: number }> = [];
  const javaPid = javaPidOn(dynamoPort);
  const started = performance.now();
  const sample = () => memory.push({ minute: (performance.now() - started) / 60_000, runtime: rssMiB(server!.pid!), dynamodb: rssMiB(javaPid) });
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);

  // One traveler's journey per pass of a connection: book, read, redeem, install, activate, report usage, list.
  type Context = { booking?: { id: string; promo: string; queue: string }; traveler?: string; packageId?: string; sentAt?: number };
  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let sequence = 0;
  const signed = (name: string, method: string, path: (c: Context) => string, body?: (c: Context) => unknown) => ({
    method: method as 'GET' | 'POST',
    setupRequest: (request: autocannon.Request, context: object) => {
      const c = context as Context;
      // A request number keeps each signature unique (a signature is single use); the service ignores it.
      const target = `${path(c)}${path(c).includes('?') ? '&' : '?'}n=${(sequence += 1)}`;
      c.sentAt = performance.now();
      return {
        ...request,
        path: `${basePath}${target}`,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...signedRequestHeaders(
            { apiKey: partner.api_key, secret: partner.api_secret ?? '' },
            { timestamp: String(Date.now()), method, path: target },
          ),
        },
        body: body ? JSON.stringify(body(c)) : undefined,
      };
    },
    onResponse: (status: number, responseBody: string, context: object) => {
      const c = context as Context;
      timings.set(name, [...(timings.get(name) ?? []), performance.now() - (c.sentAt ?? performance.now())]);
      if (status < 200 || status >= 300) {
        errors.set(name, (errors.get(name) ?? 0) + 1);
        if ((errors.get(name) ?? 0) <= 3) console.error(`${name} answered ${status}: ${responseBody.slice(0, 300)}`);
        return;
      }
      if (name === 'POST /bookings') {
        const booking = JSON.parse(responseBody).data[0];
        c.booking = { id: booking.id, promo: booking.promo_codes[0].uuid, queue: booking.package_queues[0].uuid };
      }
      if (name === 'POST /sandbox/activate-package') c.packageId = JSON.parse(responseBody).data.package_id;
    },
  });
  const requests = [
    signed(
      'POST /bookings',
      'POST',
      () => '/bookings',
      (c) => {
        c.traveler = `soak-${randomUUID().slice(0, 12)}`;
        return makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: c.traveler })] });
      },
    ),
    signed('GET /bookings/{id}', 'GET', (c) => `/bookings/${c.booking?.id}`),
    signed('GET /bookings?perPage=10', 'GET', () => '/bookings?perPage=10'),
    signed(
      'POST /sandbox/redeem-promo-code',
      'POST',
      () => '/sandbox/redeem-promo-code',
      (c) => ({ uuid: c.booking?.promo }),
    ),
    signed(
      'POST /sandbox/install-esim',
      'POST',
      () => '/sandbox/install-esim',
      (c) => ({ external_user_id: c.traveler }),
    ),
    signed(
      'POST /sandbox/activate-package',
      'POST',
      () => '/sandbox/activate-package',
      (c) => ({ package_queue_uuid: c.booking?.queue }),
    ),
    signed(
      'POST /sandbox/report-usage',
      'POST',
      () => '/sandbox/report-usage',
      (c) => ({ package_id: c.packageId, percent: 60 }),
    ),
    signed('GET /native/user-dashboard', 'GET', (c) => `/native/user-dashboard?external_user_id=${c.traveler}`),
  ];

  const result = await autocannon({
    url,
    connections: 4,
    overallRate: RATE,
    duration: MINUTES * 60,
    requests,
  });
  clearInterval(sampler);
  sample();

  // Every event the run recorded, delivered exactly once (the receiver answers 200 to each, so none is retried).
  const recordedEvents = async () => {
    const ids: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      // The tool's own check on a local table; no request of the service scans.
      const page = await documentClient.send(
        new ScanCommand({ TableName: TABLE, FilterExpression: 'sk = :event', ExpressionAttributeValues: { ':event': 'EVENT' }, ExclusiveStartKey }),
      );
      ids.push(...(page.Items ?? []).map((item) => String(item.event_id)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return ids;
  };
  const deliveries = dynamoDeliveryLog(documentClient, TABLE);
  const expected = await recordedEvents();
  // Drained when every recorded event has a final delivery status (delivered or skipped as not subscribed).
  await eventually(
    async () =>
      (await Promise.all(expected.map((id) => deliveries.byEvent(id)))).filter(
        (found) => !found.some((d) => d.status === 'delivered' || d.status === 'skipped'),
      ).length,
    (pending) => pending === 0,
    120_000,
  ).catch(() => undefined);
  const answered = receiver.received(hook).filter((delivery) => delivery.answered === 200);
  const timesDelivered = new Map<string, number>();
  for (const delivery of answered) timesDelivered.set(delivery.body.event_id, (timesDelivered.get(delivery.body.event_id) ?? 0) + 1);
  const skipped = new Set<string>();
  for (const id of expected.filter((id) => !timesDelivered.has(id))) {
    if ((await deliveries.byEvent(id)).some((d) => d.status === 'skipped')) skipped.add(id);
  }
  const lost = expected.filter((id) => !timesDelivered.has(id) && !skipped.has(id));
  const duplicated = [...timesDelivered].filter(([, count]) => count > 1).map(([id]) => id);
  const unknown = [...timesDelivered.keys()].filter((id) => !expected.includes(id));

  console.log(`\n### Soak, ${MINUTES} min, ${RATE} requests/s target\n`);
  console.log('| Route | Requests | p50 | p99 | Errors |');
  console.log('|---|---|---|---|---|');
  for (const [name, values] of timings) {
    console.log(
      `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(1)} ms | ${percentile(values, 99).toFixed(1)} ms | ${errors.get(name) ?? 0} |`,
    );
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0) + result.errors + result.timeouts;
  console.log(
    `\nAutocannon: ${result.requests.total} requests, ${result.requests.average.toFixed(1)}/s on average, ${result.errors} connection errors, ` +
      `${result.timeouts} time-outs, ${result.non2xx} non-2xx.`,
  );
  console.log(
    `Webhooks: ${expected.length} events recorded, ${answered.length} deliveries answered 200, ${skipped.size} skipped (not subscribed), ` +
      `${lost.length} lost, ${duplicated.length} delivered twice, ${unknown.length} not recorded.`,
  );

  const warm = memory.filter((m) => m.minute >= MINUTES * WARM_UP_SHARE);
  const verdict = (name: 'runtime' | 'dynamodb', label: string) => {
    const points = warm.map((m) => ({ minute: m.minute, mib: m[name] }));
    const perMinute = slope(points);
    const first = points[0]?.mib ?? Number.NaN;
    const last = points.at(-1)?.mib ?? Number.NaN;
    // Flat: the trend after warm-up would add under 5 % of the memory in the measured span.
    const flat = Math.abs(perMinute * (points.at(-1)!.minute - points[0]!.minute)) < 0.05 * first;
    console.log(
      `${label}: RSS ${memory[0]![name].toFixed(0)} MiB at start, ${first.toFixed(0)} MiB after warm-up, ${last.toFixed(0)} MiB at the end; ` +
        `trend after warm-up ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MiB/min: ${flat ? 'flat' : '**not flat**'}`,
    );
    return flat;
  };
  console.log('');
  const runtimeFlat = verdict('runtime', 'Local runtime process');
  const dynamoFlat = verdict('dynamodb', 'DynamoDB Local JVM');
  console.log(
    `Memory samples (minute: runtime MiB / DynamoDB Local MiB): ${memory.map((m) => `${m.minute.toFixed(1)}: ${m.runtime.toFixed(0)}/${m.dynamodb.toFixed(0)}`).join(', ')}`,
  );
  console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
  const passed = errorCount === 0 && lost.length === 0 && duplicated.length === 0 && runtimeFlat && dynamoFlat;
  console.log(passed ? 'Soak passed: 0 errors, 0 lost, 0 duplicated, memory flat.' : 'Soak failed (see above).');
  process.exitCode = passed ? 0 : 1;
} finally {
  server?.stdin?.end();
  if (server && server.exitCode === null) await new Promise((done) => server!.once('exit', done));
  await receiver.close();
  client.destroy();
  await dynamo.stop();
}
