// infrastructure → how every function is bundled; read by the CDK construct and by the cold-start benchmark.

/** CommonJS dependencies inside an ESM bundle still call require(). */
export const esmRequireBanner =
  "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);";

export const bundlingFacts = {
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  /** Lambda runtime nodejs24.x. */
  target: 'node24',
} as const;
