// test support → which Chromium the browser tests drive, and the one check that it is there before any suite starts.
import { spawnSync } from 'node:child_process';

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Throws one line saying what to install when `chromiumPath()` is not a runnable Chromium. The error's stack is that
 * line alone: jest prints a failing global setup's stack, and a trace into this file would say nothing more.
 */
export const requireChromium = (): void => {
  const path = chromiumPath();
  const version = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (version.status === 0 && /chrom/i.test(version.stdout)) return;
  const problem = version.error && 'code' in version.error && version.error.code === 'ENOENT' ? 'not found' : 'not runnable';
  const error = new Error(`Chromium ${problem} at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`);
  error.stack = error.message;
  throw error;
};
