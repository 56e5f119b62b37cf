import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['@ferry/testkit/global-setup', './test/generate.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
