// The SDK's types are generated from docs/openapi.json (openapi-typescript) and must be current.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sdkRoot = join(import.meta.dirname, '..');

describe('SDK types', () => {
  it('are what openapi-typescript generates from the checked-in document', () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'sdk-schema-'));
    const cli = join(dirnameOf('openapi-typescript/package.json'), 'bin/cli.js');
    // The options of `npm run generate` (e.g. --default-non-nullable=false: a default does not make a request member required).
    const { scripts } = JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8')) as { scripts: { generate: string } };
    const options = scripts.generate.split(' ').filter((word) => word.startsWith('--'));

    // Act
    execFileSync(process.execPath, [cli, join(sdkRoot, '../docs/openapi.json'), '-o', join(folder, 'schema.d.ts'), ...options], { stdio: 'pipe' });
    const fresh = readFileSync(join(folder, 'schema.d.ts'), 'utf8');
    rmSync(folder, { recursive: true, force: true });

    // Assess
    const current = readFileSync(join(sdkRoot, 'src/schema.d.ts'), 'utf8');
    expect(current === fresh ? 'current' : 'stale: run `npm run openapi` and commit sdk/src/schema.d.ts').toBe('current');
  });
});

function dirnameOf(specifier: string): string {
  return join(createRequire(join(sdkRoot, 'package.json')).resolve(specifier), '..');
}
