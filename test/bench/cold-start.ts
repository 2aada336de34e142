// benchmark → every function bundle as the stack builds it: size, and load time in a fresh Node process, beside a
// bundle that only creates a DynamoDB document client with the SDK's defaults.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { backgroundFunctions } from '#shared/events/pipeline';
import { routes } from '#shared/routes';
import { interleaved, median, type Row } from '#test/bench/measure';

const referenceSource = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

/** What a Lambda function's environment holds, so configuration getters and credential providers find what they need. */
const lambdaEnvironment = {
  PATH: process.env.PATH,
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDBENCH',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SESSION_TOKEN: 'bench',
  TABLE_NAME: 'bench',
  SECRET_KEY_ID: 'arn:aws:kms:eu-west-1:000000000000:key/bench',
  TOKEN_KEY_ID: 'arn:aws:kms:eu-west-1:000000000000:key/bench-hmac',
  EMAIL_FROM: 'bench@example.com',
  EVENT_BUS_NAME: 'bench',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/000000000000/q',
  WEBHOOK_DLQ_URL: 'https://sqs.eu-west-1.amazonaws.com/000000000000/d',
  POWERTOOLS_SERVICE_NAME: 'bench',
};

/**
 * Loads the bundle in a new process as Lambda loads it (require() for CommonJS, import() for ESM) and measures
 * that load: wall time, and CPU time (user + system), which is what wall time is on an idle machine and is not
 * stretched by other processes competing for the cores.
 */
const load = (file: string): { wallMs: number; cpuMs: number } => {
  const esm = file.endsWith('.mjs');
  const loading = esm ? `await import(${JSON.stringify(file)})` : `require(${JSON.stringify(file)})`;
  const script =
    'const cpu = process.cpuUsage(); const t = performance.now(); ' +
    `${loading}; const wallMs = performance.now() - t; const used = process.cpuUsage(cpu); ` +
    'console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));';
  const args = esm ? ['--input-type=module', '-e', script] : ['-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { env: lambdaEnvironment }).toString()) as { wallMs: number; cpuMs: number };
};

export const coldStart = async (projectRoot: string, rounds: number): Promise<Row[]> => {
  const folder = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const referenceEntry = join(folder, 'reference.ts');
  writeFileSync(referenceEntry, referenceSource);
  const reference = join(folder, 'reference.mjs');
  // The SDK's defaults, bundled the way an ESM function usually is (createRequire banner for CommonJS dependencies).
  await build({
    entryPoints: [referenceEntry],
    outfile: reference,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    nodePaths: [join(projectRoot, 'node_modules')],
    logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });

  // The floor of every function that uses DynamoDB: the same client, bundled the way our functions are.
  const floor = join(folder, 'floor.js');
  await build({
    ...lambdaBuildOptions(projectRoot, referenceEntry, floor),
    entryPoints: [referenceEntry],
    nodePaths: [join(projectRoot, 'node_modules')],
  });

  const entries = [...new Set([...routes.map((route) => route.entry), ...backgroundFunctions.map((fn) => fn.entry)])];
  const bundles: Record<string, string> = {};
  for (const entry of entries) {
    const outfile = join(folder, `${entry.replace(/^functions\//, '').replace(/\.ts$/, '')}.js`);
    await build(lambdaBuildOptions(projectRoot, entry, outfile));
    bundles[entry] = outfile;
  }

  // One load per candidate and round gives both figures; the rounds interleave reference and functions.
  const samples: Record<string, { wallMs: number[]; cpuMs: number[] }> = {};
  const measureLoad = (name: string, file: string) => async () => {
    const { wallMs, cpuMs } = load(file);
    (samples[name] ??= { wallMs: [], cpuMs: [] }).wallMs.push(wallMs);
    samples[name].cpuMs.push(cpuMs);
    return cpuMs;
  };
  await interleaved(rounds, {
    reference: measureLoad('reference', reference),
    floor: measureLoad('floor', floor),
    ...Object.fromEntries(Object.entries(bundles).map(([entry, file]) => [entry, measureLoad(entry, file)])),
  } as Record<string, () => Promise<number>>);
  const cpu = (name: string) => median(samples[name]!.cpuMs);
  const wall = (name: string) => median(samples[name]!.wallMs);

  const kib = (file: string) => statSync(file).size / 1024;
  const referenceName = 'document-client bundle';
  const floorName = 'document client alone, bundled as our functions are';
  return [
    { figure: 'floor: the document client alone, load, CPU', value: cpu('floor'), reference: cpu('reference'), referenceName, unit: 'ms' },
    { figure: 'floor: the document client alone, size', value: kib(floor), reference: kib(reference), referenceName, unit: 'KiB' },
  ].concat(
    Object.entries(bundles).flatMap(([entry, file]): Row[] => [
      { figure: `${entry} load, CPU`, value: cpu(entry), reference: cpu('reference'), referenceName, unit: 'ms', target: { max: 0.6 } },
      { figure: `${entry} load, wall`, value: wall(entry), reference: wall('reference'), referenceName, unit: 'ms' },
      { figure: `${entry} size`, value: kib(file), reference: kib(reference), referenceName, unit: 'KiB', absolute: { max: 300 } },
      { figure: `${entry} load, CPU, beyond the floor`, value: cpu(entry), reference: cpu('floor'), referenceName: floorName, unit: 'ms' },
    ]),
  );
};
