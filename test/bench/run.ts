// benchmark → every figure beside its reference, measured interleaved in the same run (medians of rounds), with the
// ratio and whether the target is met. Run with `npm run bench`; record the output under "Latest figures" in
// docs/benchmarks.md (the run it replaces moves to docs/benchmarks-history.md).
import { resolve } from 'node:path';
import { createPartner } from '#shared/usecases/manage-partners';
import { requestCapacity, reportCapacity } from '#test/bench/capacity';
import { coldStart } from '#test/bench/cold-start';
import { loadAverage, report } from '#test/bench/measure';
import { takeNoArguments } from '#test/bench/arguments';
import { eventToWebhook } from '#test/bench/pipeline';
import { requestLatency, startBenchRuntime } from '#test/bench/requests';
import { webhookDelivery } from '#test/bench/webhooks';

const usage = `Usage: [BENCH_…=…] npm run bench   (docs/benchmarks.md; a full run takes about 7 minutes)

Measures every figure beside its reference in the same run and prints whether each target is met. It takes no
arguments; environment variables choose what runs and how long:
  BENCH_ONLY                  parts to run, comma-separated: cold-start, webhooks, requests, pipeline, capacity (all)
  BENCH_ROUNDS                rounds per figure (5)
  BENCH_COLD_START_ROUNDS     cold-start rounds (three times BENCH_ROUNDS)
  BENCH_REQUESTS              events of the pipeline part, requests of the capacity part (at most 20) (60)
  BENCH_LATENCY_REQUESTS      sequential requests per kind, round and side (200)
  BENCH_THROUGHPUT_REQUESTS   requests per throughput sample (1200)
  BENCH_WEBHOOK_DELIVERIES    webhook deliveries per sample (5000)
Example: BENCH_ONLY=requests BENCH_ROUNDS=3 npm run bench`;

takeNoArguments(usage);

const projectRoot = resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
/**
 * Sequential requests per kind, round and side: p99 is read over all rounds, and from 300 samples it was the third
 * largest, which one stall of a shared machine decided (a ratio moved from 1.07 to 1.44 between two runs); 1,000
 * samples put ten beyond it.
 */
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 200);
/** Webhook deliveries per sample: 600 lasted 0.1 s, and the ratio at concurrency 1 read 0.80–1.02 in three runs. */
const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 5_000);
/** A throughput sample of 300 requests lasted under a second for GET and moved the ratio by ±0.1 between runs. */
const THROUGHPUT_REQUESTS = Number(process.env.BENCH_THROUGHPUT_REQUESTS ?? 1_200);
/** A load varies by ±5% from process to process: with 5 rounds a ratio moved by ±0.1× between runs, with 15 by ±0.05×. */
const COLD_START_ROUNDS = Number(process.env.BENCH_COLD_START_ROUNDS ?? ROUNDS * 3);
/** `BENCH_ONLY=requests` (or a comma-separated list of cold-start, webhooks, requests, pipeline, capacity) runs only those parts. */
const only = new Set((process.env.BENCH_ONLY ?? 'cold-start,webhooks,requests,pipeline,capacity').split(',').map((part) => part.trim()));

const loadBefore = loadAverage();
console.log(`Node ${process.version}, ${ROUNDS} rounds (cold start ${COLD_START_ROUNDS}); load average before: ${loadBefore}`);
const results: boolean[] = [];

if (only.has('cold-start')) {
  results.push(
    report('Cold start: bundles as the stack builds them (load = median of fresh-process loads)', await coldStart(projectRoot, COLD_START_ROUNDS)),
  );
}
if (only.has('webhooks'))
  results.push(report('Webhook delivery over HTTPS', await webhookDelivery({ projectRoot, rounds: ROUNDS, deliveries: WEBHOOK_DELIVERIES })));

const runtime = await startBenchRuntime(projectRoot);
try {
  const created = await createPartner({ name: 'Bench' }, runtime.admin);
  const profile = (await runtime.admin.partners.getProfile(created.partner_id))!;
  if (only.has('requests')) {
    results.push(
      report(
        'Partner requests, local server vs bare server',
        await requestLatency(
          runtime,
          { ...created, profile },
          { rounds: ROUNDS, requests: LATENCY_REQUESTS, throughputRequests: THROUGHPUT_REQUESTS },
        ),
      ),
    );
  }
  if (only.has('pipeline')) results.push(report('Local event pipeline', await eventToWebhook(runtime, { events: REQUESTS })));
  if (only.has('capacity')) {
    const partner = await createPartner({ name: 'Bench capacity' }, runtime.admin);
    reportCapacity(
      "Capacity units per request and per event (ReturnConsumedCapacity, DynamoDB Local; transactions' table writes doubled)",
      await requestCapacity(runtime, partner, { requests: Math.min(REQUESTS, 20) }),
    );
  }
} finally {
  await runtime.stop();
}

console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
console.log(results.every(Boolean) ? 'Every target met.' : 'Some targets are not met (rows marked **no**).');
