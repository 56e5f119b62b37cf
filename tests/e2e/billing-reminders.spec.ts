import { expect, test } from '@playwright/test';
import { mailInbox } from '../support/inbox.ts';
import { accountPage, advanceClock, DAY_S, signInWithTrial, uniqueEmail } from './support/billing.ts';

/**
 * The trial reminders (7 days and 1 day before the trial ends, and when it has ended) arrive once
 * each, in the mail stand-in's inbox (its JSON API), in the language the user reads Ferry in, with
 * a link to the account page. The test clock moves the account through its trial; moving on
 * afterwards sends nothing more.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 180_000 });

const { mailsTo, textOf } = mailInbox();

const SUBJECTS = [
  'Deine Ferry-Testphase endet in 7 Tagen',
  'Deine Ferry-Testphase endet morgen',
  'Deine Ferry-Testphase ist beendet',
];

test('the three trial reminders arrive once each, in German, with a link to the account page', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('remind');
  const token = await signInWithTrial(page, baseURL!, email);
  expect(await mailsTo(email)).toHaveLength(0);
  // The user reads Ferry in German: the account page's status call tells billing so.
  const statusInGerman = page.waitForRequest(
    (r) => r.url().endsWith('/api/access/status') && JSON.parse(r.postData() ?? '{}').language === 'de',
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(accountPage(page).getByTestId('subscription-badge')).toHaveText('Testphase');
  await page.reload();
  await statusInGerman;

  // Day 83.5 of 90: a week before the end.
  await advanceClock(page.request, token, 83.5 * DAY_S);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
  expect((await mailsTo(email)).map((m) => m.subject)).toContain(SUBJECTS[0]);
  // Day 89.5: the day before.
  await advanceClock(page.request, token, 6 * DAY_S);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(2);
  expect((await mailsTo(email)).map((m) => m.subject)).toContain(SUBJECTS[1]);
  // Day 90.5: it has ended.
  await advanceClock(page.request, token, 1 * DAY_S);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(3);
  expect((await mailsTo(email)).map((m) => m.subject)).toContain(SUBJECTS[2]);

  // Later passes send nothing more: the status and clock move on, the inbox stays at three.
  await advanceClock(page.request, token, 10 * DAY_S);
  await page.goto('/upload');
  await expect(page.getByTestId('upload-expired')).toBeVisible();
  const mails = await mailsTo(email);
  expect(mails.map((m) => m.subject).sort()).toEqual([...SUBJECTS].sort());
  const account = `${new URL(baseURL!).origin}/account`;
  for (const m of mails) {
    expect(m.to).toEqual([email]);
    expect(await textOf(m.id)).toContain(account);
  }
});
