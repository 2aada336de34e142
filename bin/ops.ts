// ops entry → `npm run ops -- <command>`; see bin/ops/cli.ts for the commands.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOps } from '#bin/ops/cli';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

process.exitCode = await runOps(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  defaultDataDir: join(projectRoot, '.local'),
});
