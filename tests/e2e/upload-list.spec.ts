import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  DriveProbe,
  driveRoot,
  journeyEmail,
  makeFiles,
  openUploadSignedIn,
  tokenOf,
  uploadedRows,
} from './support/upload.ts';

const DAY = 86_400_000;

test.describe('upload screen: the uploaded list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('countdown, download count, extend (+1 day on drive and link), copy, delete, expiry clean-up', async ({
    page,
    baseURL,
    context,
  }) => {
    const root = await driveRoot(baseURL!);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    const { dir } = makeFiles({ 'list-a.txt': 2048, 'list-b.txt': 4096 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('list'));
    await expect(page.getByText('Links stay valid for 7 days')).toBeVisible();
    for (const name of ['list-a.txt', 'list-b.txt']) {
      await page.getByTestId('file-input').setInputFiles(join(dir, name));
      await page.getByTestId('upload-button').click();
      await expect(uploadedRows(page).filter({ hasText: name })).toBeVisible({ timeout: 60_000 });
    }
    const row = uploadedRows(page).filter({ hasText: 'list-a.txt' });
    const drive = new DriveProbe(root, await tokenOf(page));

    // Countdown 'Nd HHu MMm SSs', ticking.
    const countdown = row.getByTestId('countdown');
    await expect(countdown).toHaveText(/^6d 23h 5\dm \d{1,2}s$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);

    // A download raises the count (polled every 5 s).
    const slug = (await row.getAttribute('data-slug'))!;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{8,16}$/);
    await expect(row.getByTestId('row-downloads')).toHaveText('0 downloads');
    const dl = await fetch(new URL(`/api/d/${slug}`, baseURL), { redirect: 'manual' });
    expect([301, 302, 303, 307]).toContain(dl.status);
    await expect(row.getByTestId('row-downloads')).toHaveText('1 download', { timeout: 20_000 });

    // Extend: +1 day on the drive tag and on the link record.
    const fileId = (await row.getAttribute('data-file-id'))!;
    const before = Date.parse((await drive.file(fileId)).file!.appProperties!.expiresAt!);
    await row.getByTestId('row-extend').click();
    await expect(countdown).toHaveText(/^7d 23h 5\dm \d{1,2}s$/);
    const after = Date.parse((await drive.file(fileId)).file!.appProperties!.expiresAt!);
    expect(after - before).toBe(DAY);
    const meta = (await (await fetch(new URL(`/api/s?slug=${slug}&meta=1`, baseURL))).json()) as { expiresAt: string };
    expect(Date.parse(meta.expiresAt)).toBe(after);

    // Copy: 'Copied' for 1 s, the short link in the clipboard.
    const href = await row.getByTestId('row-link').getAttribute('href');
    await row.getByTestId('row-copy').click();
    await expect(row.getByTestId('row-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
    // The copied link is the uploader's own, /{slug} on their subdomain, and opens the download page there.
    const copied = new URL(href!);
    expect(copied.host.endsWith(`.${new URL(baseURL!).host}`)).toBe(true);
    expect(copied.pathname).toBe(`/${slug}`);
    const visitor = await context.newPage();
    await visitor.goto(href!);
    await expect(visitor.locator('[data-remote="download"] [data-field="name"]')).toHaveText('list-a.txt');
    await visitor.close();
    await expect(row.getByTestId('row-copy')).toHaveText('Copy link', { timeout: 3_000 });

    // Delete: the confirmation names the file; then gone from the Ferry folder, link and list.
    await row.getByTestId('row-delete').click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete' });
    await expect(confirmDelete).toContainText('list-a.txt');
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0, { timeout: 10_000 });
    // Revoked, then in the owner's trash (recoverable there), never deleted for good.
    expect((await drive.file(fileId)).status).toBe(200);
    expect((await drive.children((await drive.rootFolder()).id)).map((f) => f.id)).not.toContain(fileId);
    const anonymous = await fetch(`${root}/uc?id=${fileId}&export=download`, { redirect: 'manual' });
    expect([403, 404]).toContain(anonymous.status);
    const probe = await fetch(new URL(`/api/s?slug=${slug}&probe=1`, baseURL));
    expect([404, 410]).toContain(probe.status);

    // Expiry: a file whose clock passed leaves the list; the page deletes nothing (the link
    // service's sweeper removes expired files from the drive, server-side).
    const other = uploadedRows(page).filter({ hasText: 'list-b.txt' });
    const otherId = (await other.getAttribute('data-file-id'))!;
    const patch = await fetch(`${root}/drive/v3/files/${otherId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${drive.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appProperties: { expiresAt: new Date(Date.now() - 1_000).toISOString() } }),
    });
    expect(patch.status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('uploaded-empty')).toBeVisible();
    expect((await drive.file(otherId)).status).toBe(200);
  });

  test('the drop zone pulses for highlight=drop and focus=dropzone, and is enabled once signed in', async ({
    page,
    baseURL,
  }) => {
    await openUploadSignedIn(page, baseURL!, journeyEmail('pulse'));
    await expect(page.getByTestId('dropzone')).not.toHaveClass(/is-pulsing/);
    for (const query of ['highlight=drop', 'focus=dropzone']) {
      await page.goto(`/upload?${query}`);
      await expect(page.getByTestId('dropzone')).toHaveClass(/is-pulsing/);
      await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false');
    }
    await expect(page.getByTestId('upload-button')).toBeDisabled();
  });
});
