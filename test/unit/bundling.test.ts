// tests → the bundling definition: the stack's esbuild flags and the benchmark's build are the same facts, and a
// function bundle holds what Lambda needs, not the SDK's full credential chain.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { lambdaAliases, lambdaBuildOptions, lambdaBundling } from '#lib/bundling';
import * as fieldNames from '#lib/lambda-stand-ins/jmespath-field-names';
import { bookingEmailTexts, claimEmailTexts } from '#shared/domain/email-texts';
import type { ConnectivityKind } from '#shared/config';
import { idempotencyExpressions } from '#shared/storage/idempotency-store';
import { esimGoRoutes, providerRoutes, routes } from '#shared/routes';
import { enClaim, enFrame, enHome, enInstall, enShop } from '#shared/web/messages/en';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('Function: lambdaBundling', () => {
  it('gives the stack the settings the benchmark builds with', () => {
    // Act
    const stack = lambdaBundling(projectRoot, 'esimgo');
    const bench = lambdaBuildOptions(projectRoot, 'functions/get-booking.ts', '/tmp/out.js', 'esimgo');

    // Assess
    expect(stack.format).toBe(OutputFormat.CJS);
    expect(bench.format).toBe('cjs');
    expect({ minify: stack.minify, target: stack.target, mainFields: stack.mainFields, sourcesContent: stack.sourcesContent }).toEqual({
      minify: bench.minify,
      target: bench.target,
      mainFields: bench.mainFields,
      sourcesContent: bench.sourcesContent,
    });
    expect(stack.sourceMap).toBe(bench.sourcemap);
    expect(stack.esbuildArgs?.['--alias']).toEqual(Object.entries(bench.alias ?? {}).map(([module, file]) => `${module}=${file}`));
    expect(Object.keys(bench.alias ?? {})).toEqual(Object.keys(lambdaAliases));
    expect(stack.define).toEqual(bench.define);
  });

  it('bundles a partner function with credentials from the environment and built-ins loaded by require()', async () => {
    // Prepare
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');

    // Act
    await build(lambdaBuildOptions(projectRoot, 'functions/get-booking.ts', outfile, 'es2plus'));
    const bundle = readFileSync(outfile, 'utf8');

    // Assess
    expect(bundle).toContain('require("node:https")');
    expect(bundle).not.toMatch(/^import\b/m);
    expect(bundle).not.toContain('AssumeRoleWithWebIdentity'); // STS, SSO and INI providers of the default chain
    expect(bundle).not.toContain('sso_start_url');
    expect(bundle).not.toContain('CancelKeyDeletion'); // of the KMS client, only the commands it sends
  });

  it('leaves endpoint discovery out only while no command of the installed DynamoDB client uses it', async () => {
    // Prepare
    const commands = join(projectRoot, 'node_modules/@aws-sdk/client-dynamodb/dist-es/commands');
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');

    // Act
    const users = readdirSync(commands).filter((file) => readFileSync(join(commands, file), 'utf8').includes('getEndpointDiscovery'));
    const { metafile } = await build({ ...lambdaBuildOptions(projectRoot, 'functions/get-booking.ts', outfile, 'es2plus'), metafile: true });

    // Assess: a client upgrade whose commands add the plugin fails here, before a function would fail at run time.
    expect(readdirSync(commands).length).toBeGreaterThan(50);
    expect(users).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((input) => /mnemonist|endpoint-cache|middleware-endpoint-discovery/.test(input))).toEqual([]);
  });
  it("answers Powertools idempotency's expressions as its JMESPath engine does, and bundles the stand-in instead of the engine", async () => {
    // Prepare: the engine as Powertools idempotency resolves it, and calls with and without the members it selects
    const engine = createRequire(join(projectRoot, 'node_modules/@aws-lambda-powertools/idempotency/package.json'))(
      '@aws-lambda-powertools/jmespath',
    ) as { search: (expression: string, data: unknown) => unknown };
    const calls: unknown[] = [
      { idempotencyKey: 'key-1', body: { bookings: [{ email: 'a@example.com' }], n: 1 } },
      { idempotencyKey: '', body: [] },
      { idempotencyKey: 'key-2', body: null },
      { idempotencyKey: 'key-3', body: undefined },
      { idempotencyKey: 'key-4' },
      {},
      [],
      null,
      'text',
    ];
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');

    // Act
    const { metafile } = await build({ ...lambdaBuildOptions(projectRoot, 'functions/create-booking.ts', outfile, 'es2plus'), metafile: true });

    // Assess
    for (const expression of Object.values(idempotencyExpressions)) {
      for (const call of calls)
        expect({ expression, call, found: fieldNames.search(expression, call) }).toEqual({
          expression,
          call,
          found: engine.search(expression, call),
        });
    }
    expect(() => fieldNames.search('body.bookings[0]', calls[0])).toThrow(/not a field name/);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('lib/lambda-stand-ins/jmespath-field-names.ts');
    expect(inputs.filter((input) => input.includes('@aws-lambda-powertools/jmespath'))).toEqual([]);
  });

  it('drops modules a function does not use, which package.json allows only while no module is imported for its effects alone', async () => {
    // Prepare: "sideEffects": false lets esbuild leave out a module none of whose exports is used
    const sources = ['functions', 'shared', 'lib'].flatMap((folder) =>
      readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(folder, file)),
    );
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');

    // Act
    const bareImports = sources.filter((file) => /^import\s+['"]/m.test(readFileSync(join(projectRoot, file), 'utf8')));
    // A module loaded with import() cannot be tree-shaken: it once pulled every KMS command into every bundle.
    const dynamicImports = sources.filter((file) => /(?<!typeof )\bimport\(/.test(readFileSync(join(projectRoot, file), 'utf8')));
    const { metafile } = await build({ ...lambdaBuildOptions(projectRoot, 'functions/get-booking.ts', outfile, 'es2plus'), metafile: true });

    // Assess: reading a booking bundles no connectivity provider, catalog or brand store
    expect(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).sideEffects).toBe(false);
    expect(sources.length).toBeGreaterThan(100);
    expect(bareImports).toEqual([]);
    expect(dynamicImports).toEqual([]);
    const bundled = Object.values(metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file),
    );
    expect(bundled).toContain('shared/storage/booking-store.ts');
    expect(bundled.filter((file) => /^shared\/(providers\/|storage\/(catalog|brand)-store)/.test(file))).toEqual([]);
  });

  it("gives each email-sending function its own email's words only: the claim bundles no booking confirmation's, and back", async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'bundling-'));
    const bundleOf = async (entry: string) => {
      const outfile = join(folder, `${entry.replace(/\W/g, '-')}.js`);
      await build(lambdaBuildOptions(projectRoot, entry, outfile, 'es2plus'));
      return readFileSync(outfile, 'utf8');
    };

    // Act
    const [claim, booking] = await Promise.all([bundleOf('functions/claim-promo-code.ts'), bundleOf('functions/create-booking.ts')]);

    // Assess: by each text's ASCII start (the bundle escapes other characters)
    const start = (text: string) => text.slice(0, text.search(/[^\x20-\x7e]|$/));
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      const [claimWords, bookingWords] = [start(claimEmailTexts[language].claimOutro), start(bookingEmailTexts[language].bookingOutro)];
      expect([language, claimWords.length > 12, bookingWords.length > 12]).toEqual([language, true, true]);
      expect([language, claim.includes(claimWords), claim.includes(bookingWords)]).toEqual([language, true, false]);
      expect([language, booking.includes(bookingWords), booking.includes(claimWords)]).toEqual([language, true, false]);
    }
  });

  it('leaves out what only the local runtime or other pages use: the local cipher, and in the portal other languages', async () => {
    // Prepare
    const bundledFiles = async (entry: string) => {
      const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');
      const { metafile } = await build({ ...lambdaBuildOptions(projectRoot, entry, outfile, 'es2plus'), metafile: true });
      return Object.values(metafile.outputs).flatMap((output) =>
        Object.entries(output.inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([file]) => file),
      );
    };

    // Act
    const [partnerRoute, portalPage, travelerPage] = await Promise.all([
      bundledFiles('functions/get-booking.ts'),
      bundledFiles('functions/portal-home.ts'),
      bundledFiles('functions/web-home.ts'),
    ]);

    // Assess: partner secrets are decrypted by KMS in Lambda; the portal is English only, travelers' pages are not
    expect(partnerRoute).toContain('shared/security/kms-secret-cipher.ts');
    expect(partnerRoute).not.toContain('shared/security/local-secret-cipher.ts');
    expect(portalPage.filter((file) => file.startsWith('shared/web/messages/'))).toEqual(['shared/web/messages/en.ts']);
    expect(travelerPage.filter((file) => file.startsWith('shared/web/messages/')).sort()).toEqual(
      ['de', 'en', 'fr'].map((language) => `shared/web/messages/${language}.ts`),
    );
  });

  it("gives each page function the frame texts and its own pages' texts, in every language, and no other page's", async () => {
    // Prepare
    const bundleText = async (entry: string) => {
      const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');
      await build(lambdaBuildOptions(projectRoot, entry, outfile, 'es2plus'));
      return readFileSync(outfile, 'utf8');
    };
    // Sentences only (a word such as "Expired" or "Data" also occurs in the SDK's code), and none the frame says too.
    const frameTexts = new Set<string>(Object.values(enFrame));
    const sentencesOf = (group: Record<string, string>) =>
      Object.values(group).filter((text) => text.length >= 20 && text.includes(' ') && !frameTexts.has(text));
    const groups = { home: enHome, claim: enClaim, install: enInstall, shop: enShop };
    const expected: Record<string, Array<keyof typeof groups>> = {
      'web-not-found': [],
      'web-start': [],
      'web-sign-out': [],
      'portal-home': [],
      'web-home': ['home'],
      'web-redeem': ['home'],
      'web-claim-page': ['claim'],
      'web-claim-submit': ['claim'],
      'web-install': ['install'],
      'web-shop': ['shop'],
      'web-shop-checkout': ['shop'],
    };

    // Act
    const bundles = await Promise.all(Object.keys(expected).map(async (name) => [name, await bundleText(`functions/${name}.ts`)] as const));

    // Assess: every page has the frame; a group's sentences are all there or none is
    for (const [name, bundle] of bundles) {
      expect(bundle).toContain(enFrame.errorTitle);
      const present = Object.entries(groups).flatMap(([group, texts]) => {
        const found = sentencesOf(texts).filter((text) => bundle.includes(text));
        expect([name, group, found.length === 0 || found.length === sentencesOf(texts).length]).toEqual([name, group, true]);
        return found.length > 0 ? [group] : [];
      });
      expect([name, present]).toEqual([name, expected[name]]);
    }
  });

  it('grants the provider secret to exactly the routes whose function reads it (least privilege)', async () => {
    // Prepare: each route's function as the stage of its connectivity bundles it
    const served = [
      ...[...routes, ...providerRoutes].map((route) => ({ route, connectivity: 'es2plus' as const })),
      ...esimGoRoutes.map((route) => ({ route, connectivity: 'esimgo' as const })),
    ];
    // One build per connectivity with every entry: esbuild parses each shared module once, not once per function.
    const secretReaders = async (entries: string[], connectivity: ConnectivityKind): Promise<Set<string>> => {
      const { outfile: _single, ...options } = lambdaBuildOptions(projectRoot, entries[0]!, 'index.js', connectivity);
      const { metafile } = await build({
        ...options,
        entryPoints: entries.map((entry) => join(projectRoot, entry)),
        outdir: mkdtempSync(join(tmpdir(), 'bundling-')),
        metafile: true,
        write: false,
      });
      return new Set(
        Object.values(metafile.outputs)
          .filter((output) =>
            Object.entries(output.inputs).some(([file, input]) => file.includes('@aws-sdk/client-secrets-manager/') && input.bytesInOutput > 0),
          )
          .map((output) => output.entryPoint ?? ''),
      );
    };

    // Act
    const readers = new Map(
      await Promise.all(
        (['es2plus', 'esimgo'] as const).map(async (connectivity) => {
          const entries = [...new Set(served.filter((route) => route.connectivity === connectivity).map(({ route }) => route.entry))];
          return [connectivity, await secretReaders(entries, connectivity)] as const;
        }),
      ),
    );
    const found = served.map(({ route, connectivity }) => ({
      operation: route.operation,
      declared: route.resources?.includes('provider') === true,
      reads: readers.get(connectivity)?.has(route.entry) === true,
    }));

    // Assess: the stack grants the secret by the declaration (lib/route-stack.ts), the code reads it by its bundle
    expect(found.filter((route) => route.declared !== route.reads)).toEqual([]);
    expect(found.filter((route) => route.reads).length).toBeGreaterThanOrEqual(6);
    expect(found.filter((route) => !route.reads).length).toBeGreaterThan(30);
    // About 55 bundles: a guard against a hang, not a timing (a CI worker shares its cores with DynamoDB Local).
  }, 240_000);

  // Prepare: the bundled files of one provisioning function, built for one stage's connectivity
  const bundledFor = async (connectivity: ConnectivityKind) => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundling-')), 'index.js');
    const { metafile } = await build({
      ...lambdaBuildOptions(projectRoot, 'functions/native-redeem-package.ts', outfile, connectivity),
      metafile: true,
    });
    return Object.values(metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file.replace(/.*node_modules\//, '')),
    );
  };
  const adapters = (files: string[]) => [
    ...new Set(
      files.flatMap(
        (file) => file.match(/^shared\/providers\/(es2plus\/|esimgo\/|simulated-connectivity\.ts)|^@aws-sdk\/client-secrets-manager\//)?.[0] ?? [],
      ),
    ),
  ];

  it.each([
    ['es2plus', ['shared/providers/es2plus/', '@aws-sdk/client-secrets-manager/']],
    ['esimgo', ['shared/providers/esimgo/', '@aws-sdk/client-secrets-manager/']],
    ['simulated', ['shared/providers/simulated-connectivity.ts']],
  ] as const)('bundles a provisioning function for %s connectivity with that provider adapter alone', async (connectivity, expected) => {
    // Act
    const files = await bundledFor(connectivity);

    // Assess
    expect(files).toContain('shared/usecases/grant-redemption.ts');
    expect(adapters(files).sort()).toEqual([...expected].sort());
  });
});
