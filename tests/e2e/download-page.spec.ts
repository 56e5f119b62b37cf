import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { devToken, downloadCount, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';

/**
 * Journey: the owner shares a file (in the Drive stand-in, through the API, then POST /api/shorten);
 * a recipient without an account opens the link in a fresh browser, sees what it is, downloads it
 * and gets the same bytes; the owner's count rises. An expired link shows the not-found screen.
 */
test.use({ locale: 'en-US' });

const OWNER = 'download-journey@example.com';

test('a recipient opens a link, sees name, size, sender and time left, and downloads the same bytes', async ({
  browser,
}) => {
  const ep = endpointsFromEnv();
  const token = await devToken(ep, OWNER);
  const stamp = Buffer.from(`Ferry download journey ${Date.now()}\n`);
  const content = Buffer.concat([stamp, Buffer.alloc(4096 - stamp.length, 'f')]);
  const fileId = await uploadSharedFile(ep, token, 'journey-report.txt', content);
  const { shortId, shortUrl } = await shorten(ep, token, fileId);
  // Handed out on the owner's own subdomain; the root host's /r/{slug} keeps working (opened below).
  const site = new URL(ep.baseUrl);
  expect(shortUrl).toMatch(new RegExp(`^${site.protocol}//download-journey(-\\d+)?\\.${site.host}/${shortId}$`));
  const before = await downloadCount(ep, shortId);

  const context = await browser.newContext({ acceptDownloads: true, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`/r/${shortId}`);
    const remote = page.locator('[data-remote="download"]');
    await expect(remote.getByRole('heading', { level: 1 })).toHaveText('You received a file');
    await expect(remote.locator('[data-field="name"]')).toHaveText('journey-report.txt');
    await expect(remote.locator('[data-field="size"]')).toHaveText('4 KB');
    await expect(remote.locator('[data-field="sender"]')).toHaveText(OWNER);
    await expect(remote.locator('[data-field="time-left"]')).toHaveText(/^(7d 0h|6d 23h)$/);
    await expect(page).toHaveTitle(`journey-report.txt (4 KB) from ${OWNER} · Ferry`);

    const button = remote.getByRole('link', { name: 'Download' });
    const downloading = page.waitForEvent('download');
    await button.click();
    await expect(remote.locator('.download-button')).toHaveAttribute('data-started', 'true');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('journey-report.txt');
    const bytes = await readFile((await download.path())!);
    expect(bytes.equals(content)).toBe(true);

    await expect.poll(() => downloadCount(ep, shortId), { timeout: 15_000 }).toBe(before + 1);
  } finally {
    await context.close();
  }
});

test('an expired link shows the not-found screen', async ({ browser }) => {
  const ep = endpointsFromEnv();
  const token = await devToken(ep, OWNER);
  const fileId = await uploadSharedFile(ep, token, 'short-lived.txt', Buffer.from('soon gone\n'));
  const expiresAt = new Date(Date.now() + 3_000);
  const { shortId } = await shorten(ep, token, fileId, { expiresAt: expiresAt.toISOString() });
  await expect
    .poll(async () => (await fetch(`${ep.baseUrl}/api/s?slug=${shortId}&probe=1`)).status, { timeout: 10_000 })
    .toBe(410);

  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`/r/${shortId}`);
    const screen = page.locator('[data-remote="download"] [data-screen="not-found"]');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(screen.getByText("The sender's link ran out. Ask the sender to share the file again.")).toBeVisible();
    await expect(page.locator('[data-remote="download"]').locator('h1, h2, h3')).toHaveCount(1);
    await expect(page.getByText('Link niet gevonden')).toHaveCount(0);
    await expect(page.locator('[data-remote="download"]').getByRole('link', { name: 'Download' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
