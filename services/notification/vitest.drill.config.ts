import { defineConfig } from 'vitest/config';

/** `npm run drill:mail`: the relay's kill drill (test/mail-kill.drill.ts), apart from `npm test`. */
export default defineConfig({
  test: {
    include: ['test/**/*.drill.ts'],
    globalSetup: ['@ferry/testkit/global-setup', './test/generate.global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 60_000,
  },
});
