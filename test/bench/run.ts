// benchmark → numbers, not verdicts: request latency through the local server, and per-handler bundle size
// and module load time (a proxy for Lambda cold start). Run with `npm run bench`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { backgroundFunctions } from '#shared/events/pipeline';
import { routes } from '#shared/routes';
import { lambdaBuildOptions } from '#lib/bundling';
import { startLocalRuntime } from '#shared/local/runtime';
import { createPartner } from '#shared/usecases/manage-partners';
import { signedClient } from '#test/support/signed-client';
import { makeBookingRequest } from '#test/support/factories';
import { stylesheet } from '#shared/web/assets.generated';

const projectRoot = resolve(import.meta.dirname, '../..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const measure = async (label: string, call: (i: number) => Promise<unknown>) => {
  const timings: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const t = performance.now();
    await call(i);
    timings.push(performance.now() - t);
  }
  const total = performance.now() - started;
  timings.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} n=${REQUESTS}  p50=${percentile(timings, 50).toFixed(1)}ms  p95=${percentile(timings, 95).toFixed(1)}ms  ` +
      `p99=${percentile(timings, 99).toFixed(1)}ms  ${(REQUESTS / (total / 1000)).toFixed(0)} req/s`,
  );
};

const latency = async () => {
  const runtime = await startLocalRuntime({
    projectRoot, port: 0, dataDir: mkdtempSync(join(tmpdir(), 'bench-')), inMemory: true, tableName: 'bench-table',
  });
  try {
    const partner = await createPartner({ name: 'Bench' }, runtime.admin);
    const client = signedClient(runtime.url, partner);
    const ids: string[] = [];
    console.log('\nRequest latency (local server, DynamoDB Local, sequential, includes HMAC auth + replay guard)');
    await measure('POST /bookings', async () => {
      const response = await client.send('POST', '/bookings', { body: makeBookingRequest() });
      ids.push(response.body.data[0].id);
    });
    await measure('GET /bookings/{id}', (i) => client.send('GET', `/bookings/${ids[i % ids.length]}`));
    await measure('GET /bookings?perPage=10', () => client.send('GET', '/bookings?perPage=10'));
    await measure('GET /bookings?perPage=100', () => client.send('GET', '/bookings?perPage=100'));
    await webApp(runtime.url, client);
  } finally {
    await runtime.stop();
  }
};

/** The traveler web app: token creation, the entry exchange (303 + cookie) and the home page, plus page weight. */
const webApp = async (url: string, client: ReturnType<typeof signedClient>) => {
  await client.send('POST', '/bookings', {
    body: makeBookingRequest({ package_specifications: [{ destination: 'FRA', size: '5GB', external_user_id: 'bench-traveler' }] }),
  });
  const tokens: string[] = [];
  let cookie = '';
  await measure('POST /redirect-tokens/create', async () => {
    const response = await client.send('POST', '/redirect-tokens/create', { body: { external_user_id: 'bench-traveler' } });
    tokens.push(response.body.data.url);
  });
  await measure('GET /app/start (exchange)', async (i) => {
    const response = await fetch(tokens[i] ?? '', { redirect: 'manual' });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  await measure('GET /app (home page)', () => fetch(`${url}/app`, { headers: { cookie } }).then((r) => r.text()));
  const css = stylesheet.body;
  console.log(`Web app page weight: HTML + CSS, JavaScript 0 B; stylesheet ${css.length} B raw, ${gzipSync(css).length} B gzip`);
};

const coldStart = async () => {
  const out = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const entries = [...new Set([...routes.map((r) => r.entry), ...backgroundFunctions.map((f) => f.entry)])];
  console.log('\nBundles (esbuild, same settings as the stack) and module load time in a fresh Node process');
  for (const entry of entries) {
    const outfile = join(out, `${entry.replace(/[/.]/g, '_')}.cjs`);
    await build(lambdaBuildOptions(projectRoot, entry, outfile));
    const env = { ...process.env, TABLE_NAME: 'bench', LOCAL_SECRET_KEY: Buffer.alloc(32).toString('base64'), EVENT_BUS_NAME: 'bench',
      WEBHOOK_QUEUE_URL: 'http://q', WEBHOOK_DLQ_URL: 'http://d', AWS_REGION: 'us-east-1' };
    const loads = Array.from({ length: 3 }, () =>
      Number(execFileSync(process.execPath, ['-e',
        `const t = performance.now(); require(${JSON.stringify(outfile)}); console.log(performance.now() - t);`], { env }).toString()),
    ).sort((a, b) => a - b);
    console.log(`${entry.padEnd(44)} ${(statSync(outfile).size / 1024).toFixed(0).padStart(6)} KiB  load ${loads[1]?.toFixed(1)} ms (median of 3)`);
  }
};

await coldStart();
await latency();
