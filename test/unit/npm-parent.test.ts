// The local runtime ends with the `npm start` that launched it: it finds the npm process above it (npm's title
// replaces its arguments) and notices when that process is gone, as after `kill -9` of npm.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { launchingNpm, whenGone } from '#bin/local/npm-parent';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A node process titled as npm titles itself, running `script` as its child (through tsx) with npm's variable set. */
const underFakeNpm = (script: string) => {
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `process.title = 'npm start --in-memory';
       const child = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ${JSON.stringify(script)}],
         { stdio: 'inherit', env: { ...process.env, npm_lifecycle_event: 'start' } });
       child.on('exit', (code) => process.exit(code ?? 1));`,
    ],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  started.push(parent);
  return parent;
};

describe('Local runtime: the npm process it runs under', () => {
  it('finds the npm process above it by its title', async () => {
    const npm = underFakeNpm("import { launchingNpm } from '#bin/local/npm-parent'; console.log(JSON.stringify(launchingNpm() ?? null));");

    const [line] = (await once(npm.stdout!, 'data')) as [Buffer];

    expect(JSON.parse(line.toString())).toBe(npm.pid);
  }, 20_000);

  it('finds none when not started by npm', () => {
    const { npm_lifecycle_event: _event, ...environment } = process.env;
    const saved = process.env;
    process.env = environment;
    try {
      expect(launchingNpm()).toBeUndefined();
    } finally {
      process.env = saved;
    }
  });

  it('says once when the process it watches is gone, as after kill -9', async () => {
    const npm = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    started.push(npm);
    const gone = new Promise<void>((resolve) => whenGone(npm.pid!, resolve, 50));

    npm.kill('SIGKILL');

    await expect(gone).resolves.toBeUndefined();
  });
});
