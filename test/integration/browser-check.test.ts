// Running the browser tests on a machine without Chromium: jest stops within a minute with one line that says what
// to install, and a browser suite whose launch fails still stops the service it started (so jest can exit).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '#test/support/test-service';

const missingChromium = join(tmpdir(), 'no-chromium-here', 'chromium');
const minute = 60_000;
// In jest's own process, where anything a suite leaves running keeps jest from exiting (workers would be killed).
const browserSuite = ['--runInBand', 'test/browser/web-shop.test.ts'];

/** Runs jest in a child process; `null` as the exit code means it was still running after a minute and was killed. */
const runJest = (args: string[]) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', ...args],
      {
        cwd: projectRoot,
        // DYNAMODB_ENDPOINT comes from this suite's global setup: the child uses the running DynamoDB Local.
        env: { ...process.env, CHROMIUM_PATH: missingChromium, FORCE_COLOR: '0', CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), minute);
    child.on('exit', (code) => {
      clearTimeout(killer);
      done({ code, output });
    });
  });

describe('Browser tests without Chromium', () => {
  it(
    'fail before any suite starts, with one line naming what to install',
    async () => {
      // Act
      const started = Date.now();
      const { code, output } = await runJest(browserSuite);

      // Assess
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(minute);
      const lines = output.split('\n').filter((line) => line.includes('Chromium'));
      expect(lines).toEqual([
        `Chromium not found at ${missingChromium}: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
      ]);
    },
    minute + 10_000,
  );

  it(
    'still stop the service a suite started when its browser cannot launch, so jest exits',
    async () => {
      // Prepare: the project of the browser tests without its global setup (so without the up-front check), as if
      // Chromium vanished after it.
      const folder = mkdtempSync(join(tmpdir(), 'browser-suite-'));
      const config = join(folder, 'jest.config.js');
      writeFileSync(
        config,
        `import base from ${JSON.stringify(join(projectRoot, 'jest.config.js'))};\n` +
          `const browser = base.projects.find((project) => project.testMatch.some((pattern) => pattern.includes('test/browser/')));\n` +
          `export default { ...base, rootDir: ${JSON.stringify(projectRoot)}, projects: [{ ...browser, rootDir: ${JSON.stringify(projectRoot)}, globalSetup: undefined, globalTeardown: undefined }] };\n`,
      );

      try {
        // Act
        const { code, output } = await runJest(['--config', config, ...browserSuite]);

        // Assess
        expect({ code, exited: code !== null }).toEqual({ code: 1, exited: true });
        expect(output).toContain('Failed to launch chromium');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    minute + 10_000,
  );
});
