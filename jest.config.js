// Native ESM jest: middy and fauxqs are ESM-only, so nothing is transformed to CommonJS.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // `source`: workspace packages (the SDK) resolve to their TypeScript sources, so tests need no build first.
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/sdk/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
};
