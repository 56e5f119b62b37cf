import { expect, test } from '@playwright/test';
import { signInAt } from './support/auth.ts';
import { pointRemote } from './support/manifest.ts';
import { closedPort } from './support/static-server.ts';

/** Journey: the upload remote is down; the visitor sees an error in its place and the rest of Ferry works. */
test.use({ locale: 'en-US' });

test('a stopped remote shows an error in its place while other routes keep working', async ({ page, baseURL }) => {
  // /upload and /account need a session; sign in before the upload remote goes down.
  await signInAt(page, baseURL!, '/account');
  const port = await closedPort();
  const restore = await pointRemote('upload', `http://127.0.0.1:${port}/remoteEntry.js`, '0.0.0-stopped');
  try {
    await page.goto('/upload');
    const error = page.locator('[data-remote-error="upload"]');
    await expect(error).toContainText('could not be loaded');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();

    await page.goto('/faq');
    await expect(page.locator('[data-remote="marketing"] h1')).toHaveText('Frequently asked questions');
    await page.goto('/account');
    await expect(page.locator('[data-remote="account"] h1')).toHaveText('Your account');
  } finally {
    await restore();
  }
  await page.goto('/upload');
  await expect(page.locator('[data-remote="upload"] h1')).toHaveText('Upload to your own Google Drive');
});
