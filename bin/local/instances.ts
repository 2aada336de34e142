// local runtime → where each local service keeps its files and which ones are running: `npm start` writes a runtime
// file into its data folder while it runs, and the ops CLI reads them to find the service it talks to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const RUNTIME_FILE = 'runtime.json';

export const runtimeFileIn = (dataDir: string): string => join(dataDir, RUNTIME_FILE);

/**
 * The data folder of a local service under `.local/`: a kept run uses `.local` itself; an in-memory run gets
 * `.local/in-memory/<port>`, so in-memory runs on other ports never replace each other's files or demo partner.
 */
export const localDataDir = (localRoot: string, run: { inMemory: boolean; port: number }): string =>
  run.inMemory ? join(localRoot, 'in-memory', String(run.port)) : localRoot;

export interface RunningService {
  dataDir: string;
  url: string;
  port: number;
  pid: number;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The service whose runtime file is in `dataDir`, unless the process that wrote it has ended (killed, crashed). */
export const runningServiceIn = (dataDir: string): RunningService | undefined => {
  const file = runtimeFileIn(dataDir);
  if (!existsSync(file)) return undefined;
  const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
  return isAlive(pid) ? { dataDir, url, port: Number(new URL(url).port), pid } : undefined;
};

/** Every running local service whose files are under `localRoot`: the kept run and each in-memory port. */
export const runningServices = (localRoot: string): RunningService[] => {
  const inMemoryRoot = join(localRoot, 'in-memory');
  const inMemoryDirs = existsSync(inMemoryRoot) ? readdirSync(inMemoryRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()) : [];
  return [localRoot, ...inMemoryDirs.map((entry) => join(inMemoryRoot, entry.name))]
    .flatMap((dataDir) => runningServiceIn(dataDir) ?? [])
    .sort((one, other) => one.port - other.port);
};

/** `port 3000 (.local), port 4000 (.local/in-memory/4000)`: which services are running, for messages. */
export const describeServices = (localRoot: string, services: RunningService[]): string =>
  services.map((service) => `port ${service.port} (${join('.local', relative(localRoot, service.dataDir))})`).join(', ');
