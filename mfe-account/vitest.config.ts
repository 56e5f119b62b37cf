import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify('') },
  test: {
    environment: 'jsdom',
    // A ceiling only: these 2 cores are shared by many builds at once.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
