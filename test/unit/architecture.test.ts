// The layering the code relies on (decision F50): checked on the sources, so a shortcut fails the suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '#bin/build-web-assets';

const sourcesUnder = (folder: string): string[] =>
  readdirSync(join(projectRoot, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)));

/** Modules a file imports; with `runtimeOnly`, type-only imports (which load nothing) are left out. */
const importsOf = (file: string, runtimeOnly: boolean): string[] => {
  const statement = runtimeOnly ? /^(?:import(?!\s+type\b)|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm : /^(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm;
  return [...readFileSync(join(projectRoot, file), 'utf8').matchAll(statement)].map((m) => m[1]!);
};

const offenders = (files: string[], forbidden: RegExp, runtimeOnly = false) =>
  files.flatMap((file) => importsOf(file, runtimeOnly).filter((target) => forbidden.test(target)).map((target) => `${file} → ${target}`));

describe('architecture', () => {
  it('keeps use cases and the domain free of adapters, SDKs and Lambda types', () => {
    // Prepare
    const files = [...sourcesUnder('shared/usecases'), ...sourcesUnder('shared/domain')];

    // Act
    const found = offenders(files, /^(#shared\/(storage|composition|http|web|email|security|providers)\/|@aws-sdk\/|aws-lambda$|@middy\/|#bin\/)/);

    // Assess
    expect(files.length).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  it('creates clients and adapters only in the composition root', () => {
    // Prepare
    const application = [...sourcesUnder('functions'), ...sourcesUnder('shared')].filter((file) => !file.startsWith('shared/composition/'));

    // Act
    const constructing = application.filter((file) => /new [A-Z][A-Za-z0-9]*Client\(/.test(readFileSync(join(projectRoot, file), 'utf8')));
    const handlersImportingAdapters = offenders(sourcesUnder('functions'), /^(#shared\/(storage|providers|security|email)\/|@aws-sdk\/client-)/, true);

    // Assess
    expect(constructing).toEqual([]);
    expect(handlersImportingAdapters).toEqual([]);
  });

  it('keeps the application independent of the dev tooling and the tests', () => {
    // Prepare
    const application = [...sourcesUnder('functions'), ...sourcesUnder('shared'), ...sourcesUnder('lib')];

    // Act
    const found = offenders(application, /^#(bin|test)\//);

    // Assess
    expect(found).toEqual([]);
  });
});
