import { expect, test } from '@playwright/test';
import { remoteDist } from './support/paths.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

/** Journey of a remote's own team: each remote's build runs alone with the SDK's stand-in shell. */
const REMOTES = [
  { remote: 'marketing', path: '/faq', heading: 'Frequently asked questions' },
  { remote: 'upload', path: '/upload', heading: 'Upload to your own Google Drive' },
  { remote: 'download', path: '/r/abc12345', heading: 'You received a file' },
  { remote: 'account', path: '/account', heading: 'Your account' },
];

test.use({ locale: 'en-US' });

for (const { remote, path, heading } of REMOTES) {
  test.describe(`${remote} alone`, () => {
    let server: StaticServer;
    test.beforeAll(async () => {
      server = await startStaticServer(remoteDist(remote));
    });
    test.afterAll(async () => {
      await server.close();
    });

    test(`renders ${path} without the shell`, async ({ page }) => {
      await page.goto(`${server.origin}${path}`);
      await expect(page.locator('[data-standalone]')).toBeVisible();
      await expect(page.locator(`[data-remote="${remote}"] h1`)).toHaveText(heading);
      await expect(page.locator('[data-remote-slot]')).toHaveCount(0);
    });

    test('speaks Dutch with ?lng=nl', async ({ page }) => {
      await page.goto(`${server.origin}${path}?lng=nl`);
      await expect(page.locator(`[data-remote="${remote}"] h1`)).not.toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    });
  });
}
