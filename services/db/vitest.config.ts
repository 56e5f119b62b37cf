import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Throw-away PostgreSQL from @ferry/testkit, then a fresh dist/ + the fixture's generated client.
    globalSetup: ['@ferry/testkit/global-setup', './test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
