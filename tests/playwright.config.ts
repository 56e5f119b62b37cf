import { defineConfig, type ReporterDescription } from '@playwright/test';

/**
 * Browser journeys against a running Ferry (the gateway serves shell, remotes and /api from one
 * origin). FERRY_BASE_URL picks the stack; FERRY_REMOTES_MANIFEST is the file the gateway serves
 * as /remotes.json (the release and failure journeys rewrite it and restore it).
 * Reporters: `--reporter` on the command line wins; FERRY_E2E_JSON adds a JSON report file.
 */
const reporters: ReporterDescription[] = [['list']];
if (process.env.FERRY_E2E_JSON) reporters.push(['json', { outputFile: process.env.FERRY_E2E_JSON }]);

export default defineConfig({
  testDir: './e2e',
  // The journeys share one manifest file and 2 cores: one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: reporters,
  use: {
    baseURL: process.env.FERRY_BASE_URL ?? 'http://localhost:8080',
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.FERRY_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
