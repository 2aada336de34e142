// Builds the publishable package: one ESM bundle (the service's signing modules and openapi-fetch included,
// no runtime dependencies) and .d.ts files.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});

// Declarations with the SDK's own TypeScript 5; schema.d.ts is copied, as tsc emits nothing for .d.ts inputs.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
copyFileSync(join(here, 'src/schema.d.ts'), join(dist, 'types/sdk/src/schema.d.ts'));

// Relative `.ts` specifiers (the shared signing modules) become `.js`, which TypeScript maps to the .d.ts files.
const rewrite = (folder) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) rewrite(path);
    else if (path.endsWith('.d.ts')) writeFileSync(path, readFileSync(path, 'utf8').replace(/(from '\.[^']*)\.ts'/g, "$1.js'"));
  }
};
rewrite(join(dist, 'types'));
console.log(`Built ${dist}`);
