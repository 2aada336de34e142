// infrastructure → how every function is bundled: one definition, read by the CDK construct and by the benchmark.
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ConnectivityKind } from '#shared/config';

/**
 * Modules replaced in every function bundle, by what the function needs in Lambda (paths from the project root).
 * The SDK's default credential chain bundles STS, SSO and INI-file providers and loads node:http; in Lambda the
 * role's credentials are always in the environment. The ops CLI and the local tools are not bundled and keep the
 * full chain. The SDK's event-stream support is replaced by a module that refuses (no operation we call has one).
 */
export const lambdaAliases = {
  '@aws-sdk/credential-provider-node': 'lib/lambda-stand-ins/credential-provider-node.ts',
  // Only operations with event streams load it, and no function calls one (about 15 KiB of every SDK function).
  '@smithy/core/event-streams': 'lib/lambda-stand-ins/no-event-streams.ts',
  // The DynamoDB client's endpoint cache (mnemonist, about 8 KiB): no DynamoDB command we bundle uses endpoint discovery.
  '@aws-sdk/middleware-endpoint-discovery': 'lib/lambda-stand-ins/no-endpoint-discovery.ts',
  // Powertools idempotency's JMESPath engine (about 23 KiB, 2 ms of create-booking's load): our expressions are field names.
  '@aws-lambda-powertools/jmespath': 'lib/lambda-stand-ins/jmespath-field-names.ts',
  '@aws-lambda-powertools/jmespath/functions': 'lib/lambda-stand-ins/jmespath-field-names.ts',
} as const;

export const bundlingFacts = {
  /**
   * CommonJS: Lambda require()s the handler, and built-ins load through require(). An ESM `import` of node:http
   * in Node 24 also loads undici, http2, worker_threads and child_process (nodejs/node#59686).
   */
  format: 'cjs',
  /** ESM builds of dependencies where published: esbuild tree-shakes them better. */
  mainFields: ['module', 'main'],
  minify: true,
  /**
   * External map next to the bundle, without sources, and no --enable-source-maps at run time (it costs every
   * cold start): stacks are resolved offline with `npm run resolve-stack` (docs/benchmarks.md).
   */
  sourceMap: true,
  sourcesContent: false,
  /** Lambda runtime nodejs24.x. */
  target: 'node24',
  /**
   * Warnings that say nothing of a Lambda bundle: the API reference reads `import.meta.url` only when run from source
   * (in Lambda it takes LAMBDA_TASK_ROOT first), so the empty value a CommonJS build gives it is never read.
   */
  logOverride: { 'empty-import-meta': 'silent' },
} as const;

/**
 * Values fixed when a stage's functions are bundled: the stage's connectivity, so a bundle holds only the provider
 * adapter its stage runs (shared/composition/providers.ts reads process.env.BUNDLED_CONNECTIVITY; the functions'
 * CONNECTIVITY variable says the same, and a function whose two disagree fails as it starts); and that it runs in
 * Lambda, so the local runtime's stand-ins (the AES cipher of LOCAL_SECRET_KEY) are left out. The local runtime and
 * the tests run the sources unbundled, where both are unset.
 */
const definesFor = (connectivity: ConnectivityKind): Record<string, string> => ({
  'process.env.BUNDLED_CONNECTIVITY': JSON.stringify(connectivity),
  'process.env.BUNDLED_FOR_LAMBDA': JSON.stringify('true'),
});

const aliasPaths = (projectRoot: string): Record<string, string> =>
  Object.fromEntries(Object.entries(lambdaAliases).map(([module, file]) => [module, path.join(projectRoot, file)]));

/**
 * The bundling of FunctionWithLogGroup (NodejsFunction runs esbuild with these flags); `assets` are files copied
 * beside the bundle: file name → path relative to the project root.
 */
export const lambdaBundling = (
  projectRoot: string,
  connectivity: ConnectivityKind,
  assets: Readonly<Record<string, string>> = {},
): BundlingOptions => ({
  format: OutputFormat.CJS,
  mainFields: [...bundlingFacts.mainFields],
  minify: bundlingFacts.minify,
  sourceMap: bundlingFacts.sourceMap,
  sourcesContent: bundlingFacts.sourcesContent,
  target: bundlingFacts.target,
  // Bundle AWS SDK v3 too: the version we test with, not the one the runtime happens to ship.
  externalModules: [],
  define: definesFor(connectivity),
  esbuildArgs: {
    '--alias': Object.entries(aliasPaths(projectRoot)).map(([module, file]) => `${module}=${file}`),
    ...Object.fromEntries(Object.entries(bundlingFacts.logOverride).map(([message, level]) => [`--log-override:${message}`, level])),
  },
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      Object.entries(assets).map(([name, from]) => `cp "${path.join(inputDir, from)}" "${path.join(outputDir, name)}"`),
  },
});

/** The same bundle through esbuild's API, for the benchmark: what the stack deploys, byte for byte in code. */
export const lambdaBuildOptions = (projectRoot: string, entry: string, outfile: string, connectivity: ConnectivityKind): BuildOptions => ({
  entryPoints: [path.join(projectRoot, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: bundlingFacts.format,
  mainFields: [...bundlingFacts.mainFields],
  minify: bundlingFacts.minify,
  sourcemap: bundlingFacts.sourceMap,
  sourcesContent: bundlingFacts.sourcesContent,
  target: bundlingFacts.target,
  alias: aliasPaths(projectRoot),
  define: definesFor(connectivity),
  logOverride: { ...bundlingFacts.logOverride },
  logLevel: 'silent',
});
