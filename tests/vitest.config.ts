import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'deploy/**/*.test.ts',
      'stack/**/*.test.ts',
      'contract/**/*.test.ts',
      'i18n/**/*.test.ts',
      'load/**/*.test.ts',
      'rehearsal/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
