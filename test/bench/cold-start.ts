// benchmark → every function bundle as the stack builds it: size, and load time in a fresh Node process, beside its
// own floor (the clients and utilities it must construct, bundled the same way) and, for information, a bundle that
// only creates a DynamoDB document client with the SDK's defaults.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { stageSettings } from '#lib/stage';
import { backgroundFunctions } from '#shared/events/pipeline';
import { routes } from '#shared/routes';
import { interleaved, median, type Row } from '#test/bench/measure';

const referenceSource = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

/** Bundles as the production stage builds them: with its connectivity provider's adapter and no other. */
const connectivity = stageSettings('production').connectivity;

/**
 * What a function must construct, by the packages its bundle holds (issue 19 item 2): each client or utility it
 * uses, created once as our composition root does, and nothing else. The function's own floor.
 */
const floorParts: Array<{ name: string; package: string; source: string }> = [
  {
    name: 'DynamoDB',
    package: '@aws-sdk/client-dynamodb',
    source: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));`,
  },
  {
    name: 'KMS',
    package: '@aws-sdk/client-kms',
    source: `import { KMSClient } from '@aws-sdk/client-kms';
export const kms = new KMSClient({});`,
  },
  {
    // Functions that provision read the stage's provider secret (ES2+ certificate and key, eSIM Go API key) with it.
    name: 'Secrets Manager',
    package: '@aws-sdk/client-secrets-manager',
    source: `import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
export const secrets = new SecretsManagerClient({});`,
  },
  {
    name: 'SQS',
    package: '@aws-sdk/client-sqs',
    source: `import { SQSClient } from '@aws-sdk/client-sqs';
export const sqs = new SQSClient({});`,
  },
  {
    name: 'SES',
    package: '@aws-sdk/client-sesv2',
    source: `import { SESv2Client } from '@aws-sdk/client-sesv2';
export const ses = new SESv2Client({});`,
  },
  {
    name: 'EventBridge',
    package: '@aws-sdk/client-eventbridge',
    source: `import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
export const bus = new EventBridgeClient({});`,
  },
  {
    name: 'Logger',
    package: '@aws-lambda-powertools/logger',
    source: `import { Logger } from '@aws-lambda-powertools/logger';
export const logger = new Logger();`,
  },
  {
    name: 'Metrics',
    package: '@aws-lambda-powertools/metrics',
    source: `import { Metrics } from '@aws-lambda-powertools/metrics';
export const metrics = new Metrics({ namespace: 'bench' });`,
  },
];

/**
 * The package an input of the bundle belongs to: `our code` for the project's own files, `our reference data` for
 * the dated data sets under shared/data (the device list, the airports' countries), which F132 counts with the
 * libraries' reference data.
 */
const packageOf = (input: string): string => {
  const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return match?.[1] ?? (input.includes('shared/data/') ? 'our reference data' : 'our code');
};

/** Bytes of the bundle by package, from esbuild's metafile. */
const bytesByPackage = (metafile: Metafile): Map<string, number> => {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      bytes.set(packageOf(input), (bytes.get(packageOf(input)) ?? 0) + bytesInOutput);
    }
  }
  return bytes;
};

/** What a function adds beyond its floor, largest first: the packages (and our code) its floor does not hold. */
const beyondFloor = (fn: Map<string, number>, floor: Map<string, number>): Array<[string, number]> =>
  [...fn]
    .map(([name, bytes]): [string, number] => [name, bytes - (floor.get(name) ?? 0)])
    .filter(([, extra]) => extra > 512)
    .sort((a, b) => b[1] - a[1]);

/** What a Lambda function's environment holds, so configuration getters and credential providers find what they need. */
const lambdaEnvironment = {
  PATH: process.env.PATH,
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDBENCH',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SESSION_TOKEN: 'bench',
  TABLE_NAME: 'bench',
  CONNECTIVITY: connectivity,
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
    ...lambdaBuildOptions(projectRoot, referenceEntry, floor, connectivity),
    entryPoints: [referenceEntry],
    nodePaths: [join(projectRoot, 'node_modules')],
  });

  const entries = [...new Set([...routes.map((route) => route.entry), ...backgroundFunctions.map((fn) => fn.entry)])];
  const bundles: Record<string, string> = {};
  const contents: Record<string, Map<string, number>> = {};
  /** Each function's own floor, one bundle per distinct set of parts. */
  const floorOf: Record<string, string> = {};
  const floors: Record<string, { file: string; contents: Map<string, number> }> = {};
  for (const entry of entries) {
    const outfile = join(folder, `${entry.replace(/^functions\//, '').replace(/\.ts$/, '')}.js`);
    const { metafile } = await build({ ...lambdaBuildOptions(projectRoot, entry, outfile, connectivity), metafile: true });
    bundles[entry] = outfile;
    contents[entry] = bytesByPackage(metafile);
    const parts = floorParts.filter((part) => contents[entry]!.has(part.package));
    const name = `floor: ${parts.map((part) => part.name).join(' + ') || 'nothing'}`;
    floorOf[entry] = name;
    if (!floors[name]) {
      const source = join(folder, `floor-${Object.keys(floors).length}.ts`);
      writeFileSync(source, `${parts.map((part) => part.source).join('\n')}\nexport const handler = async () => ({ statusCode: 200 });\n`);
      const file = source.replace(/\.ts$/, '.js');
      const built = await build({
        ...lambdaBuildOptions(projectRoot, source, file, connectivity),
        entryPoints: [source],
        nodePaths: [join(projectRoot, 'node_modules')],
        metafile: true,
      });
      floors[name] = { file, contents: bytesByPackage(built.metafile) };
    }
  }

  // One load per candidate and round gives both figures; the rounds interleave reference and functions.
  const samples: Record<string, { wallMs: number[]; cpuMs: number[] }> = {};
  const record = (name: string, file: string) => {
    const { wallMs, cpuMs } = load(file);
    (samples[name] ??= { wallMs: [], cpuMs: [] }).wallMs.push(wallMs);
    samples[name].cpuMs.push(cpuMs);
    return cpuMs;
  };
  const measureLoad = (name: string, file: string) => async () => record(name, file);
  // Each function's load is paired with a load of its own floor right beside it (floor first in even rounds, last in
  // odd ones), so a function and its reference share the machine's state of that moment: with the floors loaded
  // once at the start of each round, a function measured 20 s later read up to ±0.1× off between runs.
  const pairedFloor = (entry: string) => `${floorOf[entry]} beside ${entry}`;
  const measurePair = (entry: string, file: string) => async () => {
    const floorFile = floors[floorOf[entry]!]!.file;
    const floorFirst = (samples[entry]?.cpuMs.length ?? 0) % 2 === 0;
    if (floorFirst) record(pairedFloor(entry), floorFile);
    const cpuMs = record(entry, file);
    if (!floorFirst) record(pairedFloor(entry), floorFile);
    return cpuMs;
  };
  await interleaved(rounds, {
    reference: measureLoad('reference', reference),
    floor: measureLoad('floor', floor),
    ...Object.fromEntries(Object.entries(bundles).map(([entry, file]) => [entry, measurePair(entry, file)])),
  } as Record<string, () => Promise<number>>);
  const cpu = (name: string) => median(samples[name]!.cpuMs);
  const wall = (name: string) => median(samples[name]!.wallMs);

  const kib = (file: string) => statSync(file).size / 1024;
  console.log('\n### What each function adds beyond its own floor, largest first (KiB in the bundle)\n');
  for (const entry of entries) {
    const extras = beyondFloor(contents[entry]!, floors[floorOf[entry]!]!.contents).slice(0, 6);
    const over = kib(bundles[entry]!) - kib(floors[floorOf[entry]!]!.file);
    console.log(
      `- ${entry} (${floorOf[entry]}, ${over.toFixed(1)} KiB over it): ${extras.map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)}`).join(', ') || 'nothing'}`,
    );
  }
  // Decision F132 proposes a size floor that also holds the libraries and reference data a function answers with:
  // then what is left to bound is the project's own code (its texts included; its data sets are reference data).
  const ownKiB = (entry: string) => (contents[entry]!.get('our code') ?? 0) / 1024;
  const overProposal = entries.filter((entry) => ownKiB(entry) > 40).sort((a, b) => ownKiB(b) - ownKiB(a));
  console.log(
    `\nBy the size floor F132 proposes (clients, libraries and reference data, plus 40 KiB of our code): ` +
      `${entries.length - overProposal.length} of ${entries.length} within; over: ` +
      `${overProposal.map((entry) => `${entry.replace(/^functions\//, '')} ${ownKiB(entry).toFixed(1)} KiB`).join(', ') || 'none'}`,
  );
  const referenceName = 'document-client bundle';
  return [
    { figure: 'floor: the document client alone, load, CPU', value: cpu('floor'), reference: cpu('reference'), referenceName, unit: 'ms' },
    { figure: 'floor: the document client alone, size', value: kib(floor), reference: kib(reference), referenceName, unit: 'KiB' },
  ].concat(
    Object.entries(bundles).flatMap(([entry, file]): Row[] => [
      { figure: `${entry} load, CPU`, value: cpu(entry), reference: cpu('reference'), referenceName, unit: 'ms' },
      { figure: `${entry} load, wall`, value: wall(entry), reference: wall('reference'), referenceName, unit: 'ms' },
      {
        figure: `${entry} load, CPU, against its own floor`,
        value: cpu(entry),
        reference: cpu(pairedFloor(entry)),
        referenceName: floorOf[entry]!,
        unit: 'ms',
        target: { max: 1.15 },
      },
      {
        figure: `${entry} size, against its own floor`,
        value: kib(file),
        reference: kib(floors[floorOf[entry]!]!.file),
        referenceName: floorOf[entry]!,
        unit: 'KiB',
        absolute: { max: kib(floors[floorOf[entry]!]!.file) + 40 },
      },
    ]),
  );
};
