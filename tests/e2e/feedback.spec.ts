import { expect, test, type Page } from '@playwright/test';
import { type InboxDetail, mailInbox } from '../support/inbox.ts';

/** Where the stack sends feedback (FEEDBACK_TO of `npm start` and the test stacks). */
const TEAM = 'feedback@ferry.localhost';
const inbox = mailInbox();

async function feedbackMails(): Promise<InboxDetail[]> {
  return Promise.all((await inbox.mailsTo(TEAM)).map((m) => inbox.detail(m.id)));
}

async function openFeedback(page: Page, name: string) {
  await page.getByRole('contentinfo').getByRole('button', { name }).click();
  return page.getByTestId('feedback-dialog');
}

test.describe('the feedback button', () => {
  test('a message from the footer arrives in the team inbox, with the page and the reply address', async ({
    page,
  }, testInfo) => {
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const text = `The FAQ answered my question about folders (run ${run}).`;
    await page.goto('/faq');
    const dialog = await openFeedback(page, 'Feedback');
    await expect(dialog.getByRole('heading', { name: 'Send feedback' })).toBeVisible();
    await expect(dialog.getByLabel('Your message')).toBeFocused();

    // Checked in the page before anything is sent.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please write a message.');
    await dialog.getByLabel('Your message').fill(text);
    await dialog.getByLabel(/Your e-mail address/).fill('vera@');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'This e-mail address does not look right. Check it, or leave the field empty.',
    );

    await dialog.getByLabel(/Your e-mail address/).fill(`vera-${run}@example.com`);
    await testInfo.attach('feedback dialog, filled (1280x800)', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thank you! Your message has reached the team.');

    await expect
      .poll(async () => (await feedbackMails()).filter((m) => m.text.includes(run)).length, {
        timeout: 30_000,
        message: 'the feedback mail in the inbox',
      })
      .toBe(1);
    const mail = (await feedbackMails()).find((m) => m.text.includes(run))!;
    expect(mail.subject).toBe(`Feedback: ${text}`);
    expect(mail.text).toContain('Page: /faq');
    expect(mail.text).toContain('Language: en');
    expect(mail.replyTo).toEqual([`vera-${run}@example.com`]);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' })).toBeFocused();
  });

  test('the dialog speaks the page language, right to left in Arabic, and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lng=ar');
    const dialog = await openFeedback(page, 'ملاحظات');
    await expect(dialog.getByRole('heading', { name: 'أرسل ملاحظاتك' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
