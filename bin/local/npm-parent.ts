// local runtime → ends the service with the `npm start` that launched it. npm does not pass SIGKILL on to its
// children, so `kill -9` of the pid npm runs as would leave the service (and its DynamoDB Local) running. Only the
// npm process is watched, never the shell above it: `npm start &` from a script that then exits keeps running.
import { readFileSync } from 'node:fs';

/** A process's parent pid, from /proc (Linux); undefined where there is none to read. */
const parentOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: the command may hold spaces and parentheses, so read after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
};

const argvOf = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

const NPM = /(^|\/)npm(-cli\.js)?$/;

/** The npm process this one runs under (`npm start`), within a few generations (sh, tsx); undefined when none. */
export const launchingNpm = (): number | undefined => {
  if (!process.env.npm_lifecycle_event) return undefined;
  let pid: number | undefined = process.ppid;
  for (let generation = 0; generation < 6 && pid !== undefined && pid > 1; generation += 1) {
    // npm sets its title (`npm start --in-memory`, one string with spaces) over its arguments; else `node …/npm-cli.js`.
    if (
      argvOf(pid)
        .slice(0, 2)
        .some((arg) => NPM.test(arg.split(' ')[0] ?? ''))
    )
      return pid;
    pid = parentOf(pid);
  }
  return undefined;
};

/** A process that ended but was not yet reaped by its parent (a zombie, state Z) has ended too. */
const zombie = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

/** Calls `gone` once, soon after `pid` has ended; the check never keeps the process alive by itself. */
export const whenGone = (pid: number, gone: () => void, intervalMs = 1000): void => {
  const timer = setInterval(() => {
    if (alive(pid)) return;
    clearInterval(timer);
    gone();
  }, intervalMs);
  timer.unref();
};
