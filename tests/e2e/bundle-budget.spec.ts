import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seedSession } from './support/auth.ts';
import { kilobytes, navigateInApp, recordJavaScript } from './support/measure.ts';
import { REPO_ROOT, remoteDist } from './support/paths.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

/**
 * A first visit, measured from the dist folders: the JavaScript the shell needs before its first
 * render, then what each remote adds on its first visit. The builds are served on one origin the
 * way the gateway serves them (no compression; sizes are gzip level 9 of each file). Prints the
 * numbers (`[bundle] …`) and holds them to a budget.
 */
const HOST_BUDGET_GZIP = 250 * 1024;
const REMOTE_BUDGET_GZIP = 60 * 1024;
const REMOTES = [
  { remote: 'marketing', path: '/' },
  { remote: 'upload', path: '/upload' },
  { remote: 'download', path: '/r/abc12345' },
  { remote: 'account', path: '/account' },
];

test.use({ locale: 'en-US' });

let server: StaticServer;

test.beforeAll(async () => {
  server = await startStaticServer(path.join(REPO_ROOT, 'shell', 'dist'), {
    host: 'localhost',
    mounts: REMOTES.map(({ remote }) => ({ prefix: `/remotes/${remote}/measured`, dir: remoteDist(remote) })),
    json: {
      '/remotes.json': {
        remotes: Object.fromEntries(
          REMOTES.map(({ remote }) => [
            remote,
            { entry: `/remotes/${remote}/measured/remoteEntry.js`, version: 'measured' },
          ]),
        ),
      },
    },
  });
});

test.afterAll(async () => {
  await server?.close();
});

for (const { remote, path: route } of REMOTES) {
  test(`first visit: shell before first render, then the ${remote} remote`, async ({ page }) => {
    const host = recordJavaScript(page);
    await page.goto(`${server.origin}/404`);
    await expect(page.getByRole('heading', { name: 'File not available' })).toBeVisible();
    const hostBytes = await host.stop();

    // /upload and /account need a session (the measured server has no API).
    if (remote === 'upload' || remote === 'account') await seedSession(page);
    const visit = recordJavaScript(page);
    await navigateInApp(page, route);
    await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
    const remoteBytes = await visit.stop();

    const line = `host ${kilobytes(hostBytes.gzipBytes)} gzip (${kilobytes(hostBytes.rawBytes)} raw, ${hostBytes.files} files) before first render; ${remote} first visit ${kilobytes(remoteBytes.gzipBytes)} gzip (${kilobytes(remoteBytes.rawBytes)} raw, ${remoteBytes.files} files)`;
    console.log(`[bundle] ${line}`);
    test.info().annotations.push({ type: 'bundle', description: line });
    expect(hostBytes.gzipBytes).toBeLessThan(HOST_BUDGET_GZIP);
    expect(remoteBytes.files).toBeGreaterThan(0);
    expect(remoteBytes.gzipBytes).toBeLessThan(REMOTE_BUDGET_GZIP);
  });
}
