import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/generate.global-setup.ts'],
    // buf breaking reads main from git; on a busy 2-core machine that takes seconds.
    testTimeout: 60_000,
  },
});
