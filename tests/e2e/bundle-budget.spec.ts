import { expect, test } from '@playwright/test';
import { kilobytes, navigateInApp, recordJavaScript } from './support/measure';

/**
 * Journey of a first visit, measured: JavaScript the shell needs before its first render, then
 * what each remote adds on its first visit. Prints the numbers and holds them to a budget.
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

for (const { remote, path } of REMOTES) {
  test(`first visit: shell before first render, then the ${remote} remote`, async ({ page }) => {
    const host = recordJavaScript(page);
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'File not available' })).toBeVisible();
    const hostBytes = await host.stop();

    const visit = recordJavaScript(page);
    await navigateInApp(page, path);
    await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
    const remoteBytes = await visit.stop();

    const line = `host ${kilobytes(hostBytes.gzipBytes)} gzip in ${hostBytes.files} files; ${remote} first visit ${kilobytes(remoteBytes.gzipBytes)} gzip in ${remoteBytes.files} files`;
    console.log(`[bundle] ${line}`);
    test.info().annotations.push({ type: 'bundle', description: line });
    expect(hostBytes.gzipBytes).toBeLessThan(HOST_BUDGET_GZIP);
    expect(remoteBytes.files).toBeGreaterThan(0);
    expect(remoteBytes.gzipBytes).toBeLessThan(REMOTE_BUDGET_GZIP);
  });
}
