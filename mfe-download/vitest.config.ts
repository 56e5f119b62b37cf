import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { 'process.env.FERRY_BUILD_LABEL': JSON.stringify('') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
