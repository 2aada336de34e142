// local runtime → the records of running DynamoDB Locals (one file per JVM, written by its watchdog), and the clean-up
// of a JVM whose watchdog is gone: it would hold its port and, when persistent, the lock on its data folder.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const WATCHDOG_FILE = resolve(import.meta.dirname, 'dynamodb-local-watchdog.ts');

interface DynamoDbLocalRecord {
  javaPid: number;
  watchdogPid: number;
  port: number;
}

/** The command line of a running process, or undefined when there is none with this id. */
const commandLineOf = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    // No /proc (macOS): ask ps, which exits non-zero for an unknown pid.
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return undefined;
    }
  }
};

const isRecord = (value: unknown): value is DynamoDbLocalRecord =>
  typeof value === 'object' &&
  value !== null &&
  ['javaPid', 'watchdogPid', 'port'].every((key) => Number.isInteger((value as Record<string, unknown>)[key]));

const readRecord = (file: string): DynamoDbLocalRecord | undefined => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
};

const waitForExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (commandLineOf(pid) !== undefined) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
};

/**
 * Ends every recorded JVM whose watchdog is gone, and only after checking the process still is that DynamoDB
 * Local (its jar and its port on the command line), so a reused pid is never touched. Returns the ended pids.
 */
export const stopStaleDynamoDbLocals = async (recordDir: string): Promise<number[]> => {
  let files: string[];
  try {
    files = readdirSync(recordDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const stopped: number[] = [];
  for (const name of files) {
    const file = join(recordDir, name);
    const record = readRecord(file);
    if (record && commandLineOf(record.watchdogPid)?.includes(WATCHDOG_FILE)) continue;
    const java = record ? commandLineOf(record.javaPid) : undefined;
    if (record && java?.includes('DynamoDBLocal.jar') && java.includes(`-port ${record.port}`)) {
      process.kill(record.javaPid, 'SIGTERM');
      if (!(await waitForExit(record.javaPid, 5000))) process.kill(record.javaPid, 'SIGKILL');
      stopped.push(record.javaPid);
    }
    rmSync(file, { force: true });
  }
  return stopped;
};
