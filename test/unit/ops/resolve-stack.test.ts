// tests → ops → resolving a minified stack trace with the bundle's external source map (how production stacks are read).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { resolveStack } from '#bin/ops/resolve-stack';

describe('Function: resolveStack', () => {
  it('maps a frame of a bundle built like the stack builds it back to its source line', async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'resolve-stack-'));
    writeFileSync(join(folder, 'handler.ts'), ['export const handler = () => {', '  throw new Error("boom");', '};', 'handler();', ''].join('\n'));
    const outfile = join(folder, 'index.js');
    await build(lambdaBuildOptions(folder, 'handler.ts', outfile, 'simulated'));
    let stack = '';
    try {
      execFileSync(process.execPath, [outfile], { stdio: 'pipe' });
    } catch (error) {
      stack = String((error as { stderr: Buffer }).stderr);
    }
    const map = new SourceMap(JSON.parse(readFileSync(`${outfile}.map`, 'utf8')));

    // Act
    const resolved = resolveStack(stack, map);

    // Assess
    expect(stack).toMatch(/index\.js:\d+:\d+/);
    expect(resolved).toContain('handler.ts:2:');
    expect(readFileSync(`${outfile}.map`, 'utf8')).not.toContain('sourcesContent');
  });
});
