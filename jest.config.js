// Native ESM jest: middy and fauxqs are ESM-only, so nothing is transformed to CommonJS.
// Four projects: unit and CDK tests never start a JVM; the integration and browser projects share one DynamoDB Local;
// only the browser project needs Chromium. `jest --selectProjects unit` runs the fast ones alone.
const shared = {
  testEnvironment: 'node',
  // `source`: workspace packages (the SDK) resolve to their TypeScript sources, so tests need no build first.
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', importAttributes: true }, target: 'es2022', experimental: { keepImportAttributes: true } }, module: { type: 'es6' } }],
  },
};

/** @type {import('jest').Config} */
export default {
  testTimeout: 30000,
  // One worker per core (jest's default leaves one idle): most of the suite's time waits on DynamoDB Local, the local
  // runtimes and Chromium, so two workers on two cores take the whole suite from about 6 to under 4 minutes (issue 2).
  maxWorkers: '100%',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/sdk/test/{build,schema,transport}.test.ts'] },
    { ...shared, displayName: 'cdk', testMatch: ['<rootDir>/test/cdk/**/*.test.ts'] },
    {
      ...shared,
      displayName: 'integration',
      // The SDK's client test shares the integration project's DynamoDB Local.
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/sdk/test/client.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'browser',
      // Chromium through the local runtime. Its global setup checks Chromium once before anything starts, then
      // shares the integration project's DynamoDB Local (the same teardown runs once for both).
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
