/**
 * Three tiers: fast unit specs beside the code, API tests over HTTP against a real database,
 * and browser tests in Debian's Chromium. `npm test` runs all three.
 */
// Tests are transpiled file by file; `npm run typecheck` type-checks the whole project first.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.jest.json' }];
const common = { testEnvironment: 'node', transform: { '^.+\\.ts$': tsJest }, moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/client/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      testEnvironment: '<rootDir>/test/browser/environment.ts',
      setupFilesAfterEnv: ['<rootDir>/test/browser/setup.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  testTimeout: 60000,
};
