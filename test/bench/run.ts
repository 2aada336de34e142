// benchmark → every figure beside its reference, measured interleaved in the same run (medians of rounds), with the
// ratio and whether the target is met. Run with `npm run bench`; record the output in docs/benchmarks.md.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalRuntime } from '#bin/local/runtime';
import { createPartner } from '#shared/usecases/manage-partners';
import { coldStart } from '#test/bench/cold-start';
import { loadAverage, report } from '#test/bench/measure';
import { eventToWebhook } from '#test/bench/pipeline';
import { requestLatency } from '#test/bench/requests';
import { webhookDelivery } from '#test/bench/webhooks';

const projectRoot = resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);

const loadBefore = loadAverage();
console.log(`Node ${process.version}, ${ROUNDS} rounds; load average before: ${loadBefore}`);
const results: boolean[] = [];

results.push(report('Cold start: bundles as the stack builds them (load = median of fresh-process loads)', await coldStart(projectRoot, ROUNDS)));
results.push(report('Webhook delivery over HTTPS', await webhookDelivery({ rounds: ROUNDS, deliveries: REQUESTS * 10 })));

const runtime = await startLocalRuntime({
  projectRoot, port: 0, dataDir: mkdtempSync(join(tmpdir(), 'bench-')), inMemory: true, tableName: 'bench-table',
});
try {
  const created = await createPartner({ name: 'Bench' }, runtime.admin);
  const profile = (await runtime.admin.partners.getProfile(created.partner_id))!;
  results.push(report('Partner requests, local server vs bare server', await requestLatency(runtime, { ...created, profile }, { rounds: ROUNDS, requests: REQUESTS })));
  results.push(report('Local event pipeline', await eventToWebhook(runtime, { events: REQUESTS })));
} finally {
  await runtime.stop();
}

console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
console.log(results.every(Boolean) ? 'Every target met.' : 'Some targets are not met (rows marked **no**).');
