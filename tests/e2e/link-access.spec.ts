import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { mailInbox } from '../support/inbox.ts';
import { journeyEmail, makeFiles, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * Journeys: a recipient asks for more time and the sender's mail's "+1 day" extends the link once
 * (a second click says it was used, an altered one is refused); the password page and the row's
 * password and limit controls, with screenshots at both sizes (FERRY_SHOTS_DIR, default /tmp/ferry-link-access-shots).
 */
test.use({ locale: 'en-US' });
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-link-access-shots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: join(SHOTS, `${name}-${size.name}.png`), fullPage: true });
  }
}

test('ask for more time: the sender’s “+1 day” extends the link once; again says used; altered is refused', async ({
  browser,
}) => {
  const ep = endpointsFromEnv();
  const owner = journeyEmail('more-time');
  const token = await devToken(ep, owner);
  const fileId = await uploadSharedFile(ep, token, 'soon-gone.txt', Buffer.from('soon gone\n'));
  const expiresAt = new Date(Date.now() + 5 * 3_600_000);
  const { shortId } = await shorten(ep, token, fileId, { expiresAt: expiresAt.toISOString() });

  const recipient = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await recipient.newPage();
    await page.goto(`/r/${shortId}`);
    const remote = page.locator('[data-remote="download"]');
    await remote.getByRole('button', { name: 'Ask the sender for more time' }).click();
    await remote.getByLabel('Your name (optional)').fill('Vera');
    await remote.getByLabel('Message to the sender (optional)').fill('Back tomorrow, please keep it a day.');
    await remote.getByRole('button', { name: 'Send request' }).click();
    await expect(remote.getByTestId('more-time-sent')).toHaveText(
      'The sender has been asked. If they agree, the link stays one more day.',
    );
  } finally {
    await recipient.close();
  }

  const inbox = mailInbox(process.env.FERRY_MAIL_INBOX_URL);
  await expect
    .poll(async () => (await inbox.mailsTo(owner)).filter((m) => m.subject === 'More time for soon-gone.txt?').length)
    .toBe(1);
  const mail = (await inbox.mailsTo(owner)).find((m) => m.subject === 'More time for soon-gone.txt?')!;
  const detail = await inbox.detail(mail.id);
  expect(detail.text).toContain('Vera has your Ferry link');
  expect(detail.text).toContain('Back tomorrow, please keep it a day.');
  const action = /href="([^"]*\/api\/actions\/extend\?token=[^"]+)"/.exec(detail.html)![1]!.replace(/&amp;/g, '&');

  // The sender's browser, not signed in: the mail's button.
  const sender = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await sender.newPage();
    const [payload, signature] = new URL(action).searchParams.get('token')!.split('.') as [string, string];
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { e: number };
    const later = Buffer.from(JSON.stringify({ ...wire, e: wire.e + 30 * 86_400 })).toString('base64url');
    const tampered = await page.goto(`${new URL(action).origin}/api/actions/extend?token=${later}.${signature}`);
    expect(tampered!.status()).toBe(400);
    await expect(page.locator('[data-outcome]')).toHaveText(
      'This link is not valid. Use the button in the mail exactly as it came.',
    );

    const first = await page.goto(action);
    expect(first!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more day');
    await expect(page.locator('[data-outcome="extended"]')).toContainText('soon-gone.txt can now be downloaded until');
    await shoot(page, 'extend-confirmation');
    const resolved = (await (await fetch(`${ep.baseUrl}/api/resolve?id=${shortId}`)).json()) as { expiresAt: string };
    expect(Date.parse(resolved.expiresAt)).toBe(expiresAt.getTime() + 86_400_000);

    const second = await page.goto(action);
    expect(second!.status()).toBe(409);
    await expect(page.locator('[data-outcome="alreadyUsed"]')).toHaveText(
      'This button was already used. Each “+1 day” button works once.',
    );
    const still = (await (await fetch(`${ep.baseUrl}/api/resolve?id=${shortId}`)).json()) as { expiresAt: string };
    expect(still.expiresAt).toBe(resolved.expiresAt);
  } finally {
    await sender.close();
  }
});

test('the password page and the row’s password and limit controls', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  const { dir } = makeFiles({ 'protected.txt': 2048 });
  await openUploadSignedIn(page, baseURL!, journeyEmail('access'));
  await page.getByTestId('file-input').setInputFiles(join(dir, 'protected.txt'));
  await page.getByTestId('upload-button').click();
  const row = uploadedRows(page).filter({ hasText: 'protected.txt' });
  await expect(row).toBeVisible({ timeout: 60_000 });
  const slug = await row.getAttribute('data-slug');

  await row.getByTestId('row-access').click();
  const dialog = page.getByTestId('access-dialog');
  await dialog.getByTestId('access-password').fill('open sesame');
  await dialog.getByTestId('access-limit').selectOption('5');
  await shoot(page, 'row-access-dialog');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId('access-save').click();
  await expect(row.getByTestId('row-password-badge')).toHaveText('Password');
  await expect(row.getByTestId('row-limit-badge')).toHaveText('Limit: 5');
  await shoot(page, 'row-access-badges');
  await page.reload();
  await expect(uploadedRows(page).filter({ hasText: 'protected.txt' }).getByTestId('row-limit-badge')).toHaveText(
    'Limit: 5',
  );

  const recipient = await browser.newContext({ acceptDownloads: true, locale: 'en-US' });
  try {
    const visitor = await recipient.newPage();
    await visitor.goto(`/r/${slug}`);
    const remote = visitor.locator('[data-remote="download"]');
    await expect(remote.getByText('This file is protected')).toBeVisible();
    expect(await remote.getByRole('link', { name: 'Download' }).count()).toBe(0);
    await remote.getByLabel('Password').fill('wrong one');
    await remote.getByRole('button', { name: 'Unlock and download' }).click();
    await expect(remote.getByRole('alert')).toHaveText('That password is not right. Check it with the sender.');
    await shoot(visitor, 'password-page');
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await remote.getByLabel('Password').fill('open sesame');
    const downloading = visitor.waitForEvent('download');
    await remote.getByRole('button', { name: 'Unlock and download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('protected.txt');
  } finally {
    await recipient.close();
  }
});
