import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInAt } from './support/auth.ts';
import { stubNativeDialogs } from './support/native-dialogs.ts';
import { journeyEmail, makeFiles, openUploadSignedIn, uploadedRows } from './support/upload.ts';

/**
 * The shared dialog in the product: the share modal takes focus when it opens and gives it back
 * to the opener when it closes; delete and subscription cancel ask in the product's own dialog.
 * No journey here may call window.alert or window.confirm. Screenshots of each dialog at desktop
 * and phone size are attached to the report.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function screenshotAtBothSizes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const path = testInfo.outputPath(`${name}-${size.name}.png`);
    await page.screenshot({ path, animations: 'disabled' });
    await testInfo.attach(`${name}-${size.name}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('shared dialogs', () => {
  test.describe.configure({ timeout: 120_000 });

  test('share modal: focus moves in on open, stays inside, returns to the E-mail button; delete asks in a dialog', async ({
    page,
    baseURL,
  }, testInfo) => {
    const nativeDialogs = await stubNativeDialogs(page);
    const { dir } = makeFiles({ 'focus-a.txt': 1024 });
    await openUploadSignedIn(page, baseURL!, journeyEmail('dialogs'));
    await page.getByTestId('file-input').setInputFiles(join(dir, 'focus-a.txt'));
    await page.getByTestId('upload-button').click();
    const row = uploadedRows(page).filter({ hasText: 'focus-a.txt' });
    await expect(row).toBeVisible({ timeout: 60_000 });

    // Opened from the keyboard: focus goes to the first field of the dialog.
    const emailButton = row.getByTestId('row-email');
    await emailButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share by e-mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const recipients = dialog.getByRole('textbox', { name: 'Recipients' });
    await expect(recipients).toBeFocused();
    await screenshotAtBothSizes(page, testInfo, 'share-modal');

    // Tab and Shift+Tab wrap inside the dialog.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(recipients).toBeFocused();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Escape closes it and focus is back on the row's E-mail button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(emailButton).toBeFocused();

    // Cancel (a click this time) closes it the same way.
    await emailButton.click();
    await expect(recipients).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(emailButton).toBeFocused();

    // Delete asks in the product's dialog, starting on Cancel.
    await row.getByTestId('row-delete').click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete' });
    await expect(confirmDelete).toContainText('Delete "focus-a.txt"?');
    await expect(confirmDelete.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0, { timeout: 10_000 });

    expect(nativeDialogs).toEqual([]);
  });

  test('account: cancel asks in the product dialog, focus on "Keep subscription"; no alert', async ({
    page,
    baseURL,
  }, testInfo) => {
    const nativeDialogs = await stubNativeDialogs(page);
    await signInAt(
      page,
      baseURL!,
      '/account',
      `dialogs-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`,
    );
    const account = page.locator('[data-remote="account"]');
    await expect(account.getByTestId('subscription-badge')).toHaveText('Trial');
    const opener = account.getByRole('button', { name: 'Cancel subscription' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect(dialog).toContainText(/Access remains until \w+ \d{1,2}, \d{4}; after that, it does not renew\./);
    const keep = dialog.getByRole('button', { name: 'Keep subscription' });
    await expect(keep).toBeFocused();
    await screenshotAtBothSizes(page, testInfo, 'account-cancel');

    await keep.click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(account.getByRole('status')).toHaveText(
      'Your subscription has been cancelled. Access remains until the end of the current period.',
    );
    await expect(account.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);
  });
});
