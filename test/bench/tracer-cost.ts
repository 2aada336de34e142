// Measures what Powertools Tracer adds to the import time of a handler bundle (same esbuild settings as the stack).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bench-tracer-'));
const variants: Record<string, string> = {
  bareDocumentClient: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); export const handler = async () => c;`,
  getBooking: `export { handler } from '${root}/functions/get-booking.ts';`,
  getBookingWithTracer: `import { Tracer } from '@aws-lambda-powertools/tracer'; import { documentClient } from '${root}/shared/composition/dynamodb.ts';
const tracer = new Tracer({ serviceName: 'x' }); tracer.captureAWSv3Client(documentClient);
export { handler } from '${root}/functions/get-booking.ts';`,
  tracerAlone: `import { Tracer } from '@aws-lambda-powertools/tracer'; export const tracer = new Tracer({ serviceName: 'x' });`,
};
const env = {
  ...process.env,
  TABLE_NAME: 'bench',
  LOCAL_SECRET_KEY: Buffer.alloc(32).toString('base64'),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'x',
  AWS_SECRET_ACCESS_KEY: 'x',
  POWERTOOLS_TRACE_ENABLED: 'true',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
};
const outfiles: Record<string, string> = {};
for (const [name, source] of Object.entries(variants)) {
  const entry = join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  outfiles[name] = join(dir, `${name}.cjs`);
  // The stack's own bundling, for an entry written outside the project.
  await build({ ...lambdaBuildOptions(root, '', outfiles[name], 'simulated'), entryPoints: [entry], nodePaths: [join(root, 'node_modules')] });
}
const importMs = (outfile: string): number =>
  Number(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        // CPU time (user + system) of the import: steadier than wall time on a machine shared with other work.
        `const c = process.cpuUsage(); await import(${JSON.stringify(outfile)}); const d = process.cpuUsage(c); console.log((d.user + d.system) / 1000);`,
      ],
      { env },
    ).toString(),
  );
// Round-robin, so load on a shared machine hits every variant alike.
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < 15; round += 1) for (const name of Object.keys(variants)) samples[name]?.push(importMs(outfiles[name] ?? ''));
for (const [name, values] of Object.entries(samples)) {
  const sorted = values.sort((a, b) => a - b);
  const size = statSync(outfiles[name] ?? '').size / 1024;
  console.log(
    `${name.padEnd(24)} ${size.toFixed(0).padStart(6)} KiB  import CPU median ${sorted[7]?.toFixed(1)} ms (p10 ${sorted[1]?.toFixed(1)}, p90 ${sorted[13]?.toFixed(1)})`,
  );
}
