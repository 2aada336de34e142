// The local runtime's DynamoDB Local ends with the process that started it, even one killed with -9, and a JVM left
// behind anyway (its watchdog killed alone) is ended by the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { stopStaleDynamoDbLocals } from '#bin/local/dynamodb-local-records';
import { projectRoot } from '#test/support/test-service';

/** Each test starts a JVM of its own: on a busy machine that alone can take half a minute. */
const JVM_TEST_TIMEOUT_MS = 120_000;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const answers = (endpoint: string) =>
  fetch(endpoint, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

const eventually = async (condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((done) => setTimeout(done, 200));
  }
  return false;
};

/** Starts test/support/dynamodb-local-parent.ts without the suite's DYNAMODB_ENDPOINT and reads its endpoint. */
const startParent = async (recordDir: string): Promise<{ parent: ChildProcess; endpoint: string }> => {
  const { DYNAMODB_ENDPOINT: _suiteEndpoint, ...environment } = process.env;
  // A process group of its own, as a terminal gives `npm start`: a signal to the group reaches what it holds.
  const parent = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test/support/dynamodb-local-parent.ts'), recordDir], {
    cwd: projectRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  return { parent, endpoint: (JSON.parse(line.toString()) as { endpoint: string }).endpoint };
};

describe('DynamoDB Local of the local runtime', () => {
  let recordDir: string;
  const started: ChildProcess[] = [];
  beforeEach(() => {
    recordDir = mkdtempSync(join(tmpdir(), 'dynamodb-local-records-'));
  });
  afterEach(async () => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
    await stopStaleDynamoDbLocals(recordDir);
    rmSync(recordDir, { recursive: true, force: true });
  });

  it(
    'ends when the process that started it is killed with -9',
    async () => {
      // Prepare
      const { parent, endpoint } = await startParent(recordDir);
      started.push(parent);
      expect(await answers(endpoint)).toBe(true);

      // Act
      parent.kill('SIGKILL');

      // Assess
      expect(await eventually(async () => !(await answers(endpoint)))).toBe(true);
      expect(await eventually(() => readdirSync(recordDir).length === 0)).toBe(true);
    },
    JVM_TEST_TIMEOUT_MS,
  );

  it(
    "keeps answering when Ctrl+C reaches the starter's process group, until the starter has finished and stops it",
    async () => {
      // Prepare
      const { parent, endpoint } = await startParent(recordDir);
      started.push(parent);
      const lines = parent.stdout!.map((chunk: Buffer) => chunk.toString());

      // Act: what a terminal does on Ctrl+C
      process.kill(-parent.pid!, 'SIGINT');
      const [report] = await lines.take(1).toArray();

      // Assess
      expect(JSON.parse(report!)).toEqual({ answeredAfterInterrupt: true });
      expect(await eventually(async () => !(await answers(endpoint)))).toBe(true);
      expect(await eventually(() => readdirSync(recordDir).length === 0)).toBe(true);
    },
    JVM_TEST_TIMEOUT_MS,
  );

  it(
    'is ended by the next start when it was left behind, and only a recorded DynamoDB Local is touched',
    async () => {
      // Prepare: the watchdog alone is killed, so the JVM outlives it.
      const { parent, endpoint } = await startParent(recordDir);
      started.push(parent);
      const [recordFile] = readdirSync(recordDir);
      const record = JSON.parse(readFileSync(join(recordDir, recordFile!), 'utf8')) as { javaPid: number; watchdogPid: number };
      process.kill(record.watchdogPid, 'SIGKILL');
      parent.kill('SIGKILL');
      expect(await eventually(() => !isAlive(record.watchdogPid))).toBe(true);
      expect(await answers(endpoint)).toBe(true);

      // Act
      const stopped = await stopStaleDynamoDbLocals(recordDir);

      // Assess
      expect(stopped).toEqual([record.javaPid]);
      expect(await eventually(async () => !(await answers(endpoint)))).toBe(true);
      expect(readdirSync(recordDir)).toEqual([]);
    },
    JVM_TEST_TIMEOUT_MS,
  );
});
