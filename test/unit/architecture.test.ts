// The layering the code relies on (decisions F50 and F72): dependency-cruiser holds the imports (`npm run lint:deps`,
// part of `npm test`); this checks that its rules forbid every upward import, and what no import rule can see.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { projectRoot } from '#bin/build-web-assets';

interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string };
}

const { forbidden } = createRequire(import.meta.url)(join(projectRoot, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };

const sourcesUnder = (folder: string): string[] =>
  readdirSync(join(projectRoot, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)));

const matches = (pattern: string | undefined, file: string): boolean => pattern !== undefined && new RegExp(pattern).test(file);

describe('architecture', () => {
  it('forbids every import from a layer to any layer above it, for every source file', () => {
    // Prepare: the layers in order, as the upward rules list them (lowest first), each with the files it holds.
    const upward = forbidden.filter((rule) => rule.name.startsWith('no-upward-import-from-'));
    const files = [...sourcesUnder('functions'), ...sourcesUnder('shared')];
    const layerOf = (file: string) => upward.findIndex((rule) => matches(rule.from.path, file));
    const handlers = sourcesUnder('functions');

    // Act: every (file, file in a higher layer) pair the rules would let through.
    const unguarded = files.flatMap((file) => {
      const layer = layerOf(file);
      const lowest = layer === -1 ? upward.length : layer;
      const higher = files.filter((other) => (layerOf(other) === -1 ? upward.length : layerOf(other)) > lowest);
      return higher
        .filter((other) => !upward.some((rule) => matches(rule.from.path, file) && matches(rule.to.path, other)))
        .map((other) => `${file} → ${other}`);
    });

    // Assess
    expect(upward.length).toBeGreaterThanOrEqual(7);
    expect(files.filter((file) => layerOf(file) === -1)).toEqual(handlers);
    expect(unguarded).toEqual([]);
  });

  it('creates clients only in the composition root', () => {
    // Prepare
    const application = [...sourcesUnder('functions'), ...sourcesUnder('shared')].filter((file) => !file.startsWith('shared/composition/'));

    // Act
    const constructing = application.filter((file) => /new [A-Z][A-Za-z0-9]*Client\(/.test(readFileSync(join(projectRoot, file), 'utf8')));

    // Assess
    expect(application.length).toBeGreaterThan(100);
    expect(constructing).toEqual([]);
  });
});
