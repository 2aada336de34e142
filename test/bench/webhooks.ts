// benchmark → webhook deliveries per second over HTTPS to a local receiver, beside a bare node:https keep-alive client.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { stageSettings } from '#lib/stage';
import type { createWebhookPoster as CreateWebhookPoster } from '#shared/messaging/http-delivery';
import { interleaved, type Row } from '#test/bench/measure';
import { selfSignedCertificate, startHttpsReceiver } from '#test/support/https-receiver';

const body = JSON.stringify({ event: 'esim.installed', data: { booking_id: 'bench' }, event_id: 'esim.installed:bench' });
const headers = { 'x-service-event-id': 'esim.installed:bench', 'x-signature': 'v1=bench' };

/** Deliveries per second with `concurrency` deliveries in flight, `total` in all. */
const rate = async (concurrency: number, total: number, deliver: () => Promise<void>) => {
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent += 1;
        await deliver();
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
};

/**
 * The poster as the dispatcher's bundle holds it (minified by esbuild, as lib/bundling.ts builds functions): run from
 * source, every closure it makes per delivery would also pay the local TypeScript loader's name-keeping helper.
 */
const bundledPoster = async (projectRoot: string): Promise<typeof CreateWebhookPoster> => {
  const outfile = join(mkdtempSync(join(tmpdir(), 'bench-poster-')), 'poster.cjs');
  await build(lambdaBuildOptions(projectRoot, 'shared/messaging/http-delivery.ts', outfile, stageSettings('production').connectivity));
  return (createRequire(import.meta.url)(outfile) as { createWebhookPoster: typeof CreateWebhookPoster }).createWebhookPoster;
};

export const webhookDelivery = async ({
  projectRoot,
  rounds,
  deliveries,
}: {
  projectRoot: string;
  rounds: number;
  deliveries: number;
}): Promise<Row[]> => {
  const createWebhookPoster = await bundledPoster(projectRoot);
  // The hostname goes through the connect-time DNS check; the certificate is made for this run.
  const certificate = await selfSignedCertificate('localhost');
  const receiver = await startHttpsReceiver(certificate);
  const url = `https://localhost:${receiver.port}/hooks/esim`;
  const post = createWebhookPoster({ ca: certificate.cert });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: 10, ca: certificate.cert });
  try {
    const ours = async () => {
      const outcome = await post({ url, headers, body, timeoutMs: 10_000, allowPrivate: true });
      if (outcome.status !== 200) throw new Error(`Benchmark delivery failed: ${JSON.stringify(outcome)}`);
    };
    const bare = () =>
      new Promise<void>((resolve, reject) => {
        const sent = request(url, { method: 'POST', agent: bareAgent, headers: { ...headers, 'content-type': 'application/json' } }, (answer) => {
          answer.resume();
          answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(`bare delivery ${answer.statusCode}`))));
        });
        sent.on('error', reject);
        sent.end(body);
      });
    // Both sides' code is compiled and their connections open before the first sample, so neither pays for it.
    await rate(10, 500, ours);
    await rate(10, 500, bare);
    const figures = await interleaved(rounds, {
      one: () => rate(1, deliveries, ours),
      bareOne: () => rate(1, deliveries, bare),
      ten: () => rate(10, deliveries, ours),
      bareTen: () => rate(10, deliveries, bare),
    });
    const bareName = 'bare keep-alive https client';
    return [
      {
        figure: 'HTTPS deliveries, concurrency 1',
        value: figures.one,
        reference: figures.bareOne,
        referenceName: bareName,
        unit: '/s',
        target: { min: 0.8 },
      },
      {
        figure: 'HTTPS deliveries, concurrency 10',
        value: figures.ten,
        reference: figures.bareTen,
        referenceName: bareName,
        unit: '/s',
        target: { min: 0.8 },
      },
    ];
  } finally {
    bareAgent.destroy();
    await receiver.stop();
  }
};
