import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { mailInbox } from '../support/inbox.ts';
import { signInAt } from './support/auth.ts';

const { mailsTo, textOf } = mailInbox();

test.describe('share by e-mail', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the uploader e-mails a file from its row; both recipients and the uploader get mail; the first download notifies the uploader', async ({
    page,
    browser,
    baseURL,
  }) => {
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const uploader = `share-${run}@example.com`;
    const [first, second] = [`r1-${run}@example.com`, `r2-${run}@example.org`];
    const dir = mkdtempSync(join(tmpdir(), 'ferry-share-e2e-'));
    writeFileSync(join(dir, 'notes.txt'), `shared in run ${run}\n`);

    await signInAt(page, baseURL!, '/upload', uploader);
    await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false');
    await page.getByTestId('file-input').setInputFiles(join(dir, 'notes.txt'));
    await page.getByTestId('upload-button').click();
    const row = page.getByTestId('uploaded-row').filter({ hasText: 'notes.txt' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    const slug = await row.getAttribute('data-slug');
    expect(slug).toMatch(/^[A-Za-z0-9_-]{8,16}$/);
    const link = await row.getByTestId('row-link').getAttribute('href');
    expect(link).toMatch(new RegExp(`/${slug}$`));

    await row.getByTestId('row-email').click();
    const dialog = page.getByRole('dialog', { name: 'Share by e-mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are sharing: notes.txt');
    await dialog.getByRole('textbox', { name: 'Recipients' }).fill(`${first}; ${second}`);
    await dialog.getByRole('textbox', { name: 'Personal message (optional)' }).fill('Hi both,\nhere are the notes.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Email sent successfully!');
    const shownAt = Date.now();
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);

    for (const to of [first, second]) {
      await expect.poll(async () => (await mailsTo(to)).length, { timeout: 30_000 }).toBe(1);
      const [mail] = await mailsTo(to);
      expect(mail!.subject).toBe(`${uploader} sent you notes.txt`);
      const text = await textOf(mail!.id);
      expect(text).toContain(link!);
      expect(text).toContain('Hi both,\nhere are the notes.');
    }
    await expect
      .poll(async () => (await mailsTo(uploader)).filter((m) => m.subject.startsWith('You shared')).length, {
        timeout: 30_000,
      })
      .toBe(1);

    // A recipient (no account) downloads: the uploader is told once.
    const recipient = await browser.newContext();
    try {
      const download = await recipient.request.get(`${baseURL}/api/d/${slug}`, { maxRedirects: 0 });
      expect(download.status()).toBe(302);
    } finally {
      await recipient.close();
    }
    await expect
      .poll(
        async () =>
          (await mailsTo(uploader)).filter((m) => m.subject === 'notes.txt was downloaded for the first time').length,
        { timeout: 45_000 },
      )
      .toBe(1);
  });
});
