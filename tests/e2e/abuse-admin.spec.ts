import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_ROUTES } from '@ferry/http-contract';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { mailInbox } from '../support/inbox.ts';
import { signInAt, storedToken } from './support/auth.ts';
import { journeyEmail } from './support/upload.ts';

/**
 * Issue 21, abuse: a recipient reports a file and the report reaches the abuse inbox; the
 * administrator (ADMIN_EMAILS of the stack: admin@ferry.localhost) disables the link (410) and
 * suspends its owner (no new links, every link 410, the account page says why and where to appeal);
 * both are in the audit log, and restoring undoes both. Every administrators' route of the contract
 * refuses a signed-in non-administrator (403) and a signed-out caller (401); an administrator's
 * session cannot be used from another origin. Screenshots (FERRY_SHOTS_DIR, default
 * /tmp/ferry-abuse-shots): the report dialog, the admin screen and the suspended notice, desktop
 * and phone, English and Arabic.
 */
test.use({ locale: 'en-US' });
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-abuse-shots';
const ADMIN = 'admin@ferry.localhost';
const ABUSE = 'abuse@ferry.localhost';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const ADMIN_ROUTES = API_ROUTES.filter((r) => r.path.startsWith('/api/admin/'));

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: join(SHOTS, `${name}-${size.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** What the redirect answers now: 302 while the link works, 410 with the reason when not. */
async function redirectOf(baseUrl: string, slug: string): Promise<{ status: number; reason?: string }> {
  const res = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
  const body = res.status === 410 ? ((await res.json()) as { reason?: string }) : {};
  return { status: res.status, reason: body.reason };
}

async function adminPage(browser: Browser, baseURL: string, lng = 'en'): Promise<Page> {
  const context = await browser.newContext({ locale: lng === 'ar' ? 'ar' : 'en-US' });
  const page = await context.newPage();
  await signInAt(page, baseURL, lng === 'en' ? '/admin' : `/admin?lng=${lng}`, ADMIN);
  await expect(page.getByTestId('admin-page')).toBeVisible({ timeout: 30_000 });
  return page;
}

/** One administrator's action from the screen: the button, a reason in the dialog, confirm. */
async function act(page: Page, slug: string, button: string, reason: string): Promise<void> {
  await page.locator(`[data-testid="admin-report"][data-slug="${slug}"]`).getByTestId(button).click();
  const dialog = page.getByTestId('admin-confirm');
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByTestId('admin-confirm-go').click();
  await expect(page.getByTestId('admin-message')).toHaveText('Done.');
}

test('a report reaches the abuse inbox; disable and suspend block links and uploads, audited; restore undoes both', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ep = endpointsFromEnv();
  const owner = journeyEmail('abuse-owner');
  const token = await devToken(ep, owner);
  const reported = await shorten(ep, token, await uploadSharedFile(ep, token, 'free-movie.exe', Buffer.from('MZ\n')));
  const other = await shorten(ep, token, await uploadSharedFile(ep, token, 'notes.txt', Buffer.from('notes\n')));
  const slug = reported.shortId;

  // A recipient reports the file from its download page.
  const recipient = await browser.newContext({ locale: 'en-US' });
  const page = await recipient.newPage();
  await page.goto(`/r/${slug}`);
  const remote = page.locator('[data-remote="download"]');
  await remote.getByTestId('report-open').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Malware or a virus').check();
  await dialog.getByLabel('Details (optional)').fill('The "movie" is a Windows program.');
  await dialog.getByLabel('Your e-mail address, if you want an answer (optional)').fill('not an address');
  await dialog.getByTestId('report-send').click();
  await expect(dialog.getByTestId('report-problem')).toHaveText('This e-mail address does not look right.');
  await dialog.getByLabel('Your e-mail address, if you want an answer (optional)').fill('Finder@Example.com');
  await shoot(page, 'report-dialog-en');
  await dialog.getByTestId('report-send').click();
  await expect(remote.getByTestId('report-sent')).toHaveText('Thank you. Your report was sent to Ferry’s team.');
  // The same dialog in Arabic (right to left), on the other link; closed without sending.
  await page.goto(`/r/${other.shortId}?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await remote.getByTestId('report-open').click();
  await expect(page.getByTestId('report-dialog')).toContainText('الإبلاغ عن هذا الملف');
  await shoot(page, 'report-dialog-ar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('report-dialog')).toHaveCount(0);
  await recipient.close();

  const inbox = mailInbox(process.env.FERRY_MAIL_INBOX_URL);
  const subject = `Abuse report (malware): free-movie.exe /${slug}`;
  await expect.poll(async () => (await inbox.mailsTo(ABUSE)).filter((m) => m.subject === subject).length).toBe(1);
  const mail = await inbox.detail((await inbox.mailsTo(ABUSE)).find((m) => m.subject === subject)!.id);
  expect(mail.replyTo).toEqual(['finder@example.com']);
  expect(mail.text).toContain('The "movie" is a Windows program.');
  expect(mail.text).toContain(`Owner: ${owner}`);
  expect(mail.text).toContain(`${ep.baseUrl}/admin`);

  // The administrator disables the link: its redirect and its page answer 410, neutrally.
  const admin = await adminPage(browser, baseURL!);
  const report = admin.locator(`[data-testid="admin-report"][data-slug="${slug}"]`);
  await expect(report).toContainText('The "movie" is a Windows program.');
  await act(admin, slug, 'admin-disable-link', 'Malware confirmed');
  expect(await redirectOf(ep.baseUrl, slug)).toEqual({ status: 410, reason: 'unavailable' });
  expect((await redirectOf(ep.baseUrl, other.shortId)).status).toBe(302);
  const visitor = await browser.newContext({ locale: 'en-US' });
  const gone = await visitor.newPage();
  await gone.goto(`/r/${slug}`);
  await expect(gone.getByRole('heading', { level: 1 })).toHaveText('This link is no longer available');
  await visitor.close();

  // …and suspends its owner: every link 410, no new link, the account page says why.
  await act(admin, slug, 'admin-suspend', 'Repeated malware');
  expect(await redirectOf(ep.baseUrl, other.shortId)).toEqual({ status: 410, reason: 'unavailable' });
  const refused = await fetch(`${ep.baseUrl}/api/shorten`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileId: await uploadSharedFile(ep, token, 'more.txt', Buffer.from('more\n')) }),
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('account_suspended');
  const ownerContext = await browser.newContext({ locale: 'en-US' });
  const account = await ownerContext.newPage();
  await signInAt(account, baseURL!, '/account', owner);
  const notice = account.getByTestId('account-suspended');
  await expect(notice).toContainText('Your account is suspended');
  await expect(notice).toContainText('Reason: Repeated malware');
  await expect(notice).toContainText(ABUSE);
  await shoot(account, 'suspended-en');
  await account.goto('/account?lng=ar');
  await expect(account.getByTestId('account-suspended')).toContainText('تم تعليق حسابك');
  await expect(account.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(account, 'suspended-ar');
  // The upload screen says it before anything is uploaded.
  await account.goto('/upload?lng=en');
  await expect(account.getByTestId('upload-suspended')).toContainText('Your account is suspended');
  await shoot(account, 'upload-suspended-en');

  // Both actions are in the audit log: who, what, when, target, why.
  await admin.reload();
  const audit = admin.getByTestId('admin-audit');
  await expect(audit.locator(`tr[data-action="disable_link"][data-target="${slug}"]`)).toContainText(ADMIN);
  await expect(audit.locator(`tr[data-action="disable_link"][data-target="${slug}"]`)).toContainText(
    'Malware confirmed',
  );
  await expect(audit.locator(`tr[data-action="suspend_account"][data-target="${owner}"]`)).toContainText(
    'Repeated malware',
  );
  await shoot(admin, 'admin-en');
  const adminAr = await adminPage(browser, baseURL!, 'ar');
  await expect(adminAr.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(adminAr.getByRole('heading', { level: 1 })).toHaveText('الإدارة');
  await shoot(adminAr, 'admin-ar');
  await adminAr.context().close();

  // Restore undoes both.
  await act(admin, slug, 'admin-restore-link', 'Cleared on review');
  await act(admin, slug, 'admin-restore-account', 'Appeal accepted');
  expect((await redirectOf(ep.baseUrl, slug)).status).toBe(302);
  expect((await redirectOf(ep.baseUrl, other.shortId)).status).toBe(302);
  await shorten(ep, token, await uploadSharedFile(ep, token, 'after.txt', Buffer.from('after\n')));
  await account.goto('/account');
  await expect(account.getByTestId('account-email')).toBeVisible();
  await expect(account.getByTestId('account-suspended')).toHaveCount(0);
  await expect(audit.locator(`tr[data-action="restore_link"][data-target="${slug}"]`)).toContainText(
    'Cleared on review',
  );
  await expect(audit.locator(`tr[data-action="restore_account"][data-target="${owner}"]`)).toContainText(
    'Appeal accepted',
  );
  await ownerContext.close();
  await admin.context().close();
});

test('every administrators’ route of the contract: 401 signed out, 403 for a user who is not one', async () => {
  const ep = endpointsFromEnv();
  expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(7);
  const user = await devToken(ep, journeyEmail('not-admin'));
  for (const route of ADMIN_ROUTES) {
    const url = `${ep.baseUrl}${route.path.replace('{slug}', 'AbCdEfGh12')}`;
    const init = (headers: Record<string, string>) => ({
      method: route.method.toUpperCase(),
      headers: { 'content-type': 'application/json', ...headers },
      body: route.method === 'get' ? undefined : JSON.stringify({ email: 'someone@example.com', reason: 'test' }),
    });
    const signedOut = await fetch(url, init({}));
    expect(signedOut.status, `${route.method} ${route.path} signed out`).toBe(401);
    const res = await fetch(url, init({ authorization: `Bearer ${user}` }));
    expect([res.status, ((await res.json()) as { code: string }).code], `${route.method} ${route.path}`).toEqual([
      403,
      'not_admin',
    ]);
  }
});

test('an administrator’s session cannot be used from another origin', async ({ browser, baseURL }) => {
  const ep = endpointsFromEnv();
  const owner = journeyEmail('cross-origin');
  const ownerToken = await devToken(ep, owner);
  const { shortId } = await shorten(ep, ownerToken, await uploadSharedFile(ep, ownerToken, 'x.txt', Buffer.from('x')));
  const admin = await adminPage(browser, baseURL!);
  const token = (await storedToken(admin))!;
  expect(token).toBeTruthy();

  // The session is the bearer token in the page; no cookie of the gateway signs anyone in.
  const cookies = await admin.context().cookies(baseURL!);
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const cookieOnly = await fetch(`${ep.baseUrl}/api/admin/reports`, { headers: { cookie: cookieHeader } });
  expect(cookieOnly.status).toBe(401);
  for (const c of cookies) expect(c.sameSite === 'Strict' || c.sameSite === 'Lax', c.name).toBe(true);

  // A page of another origin (the mail stand-in's) holding the administrator's token: the browser
  // asks first (CORS preflight), the gateway allows no other origin, so nothing is sent.
  const elsewhere = await admin.context().newPage();
  await elsewhere.goto(process.env.FERRY_MAIL_INBOX_URL ?? 'http://localhost:4200');
  const outcome = await elsewhere.evaluate(
    async ({ url, token }) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'from another site' }),
        });
        return `answered ${res.status}`;
      } catch {
        return 'blocked';
      }
    },
    { url: `${ep.baseUrl}/api/admin/links/${shortId}/disable`, token },
  );
  expect(outcome).toBe('blocked');
  // The same request sent as a browser would from another site, straight to the gateway: refused.
  const crossSite: Array<Record<string, string>> = [
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    {
      origin: new URL(process.env.FERRY_MAIL_INBOX_URL ?? 'http://localhost:4200').origin,
      'sec-fetch-site': 'same-site',
    },
    { origin: 'https://evil.example' },
  ];
  for (const headers of crossSite) {
    const res = await fetch(`${ep.baseUrl}/api/admin/links/${shortId}/disable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ reason: 'from another site' }),
    });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'cross_origin']);
  }
  expect((await redirectOf(ep.baseUrl, shortId)).status).toBe(302);
  // From Ferry's own page the same token works.
  const own = await admin.evaluate(
    async (bearer) => (await fetch('/api/admin/audit', { headers: { authorization: `Bearer ${bearer}` } })).status,
    token,
  );
  expect(own).toBe(200);
  await admin.context().close();
});
