import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { discover } from '@ferry/dev-identity';
import { freePort, postgresBinDir, startPostgres, type RunningServer } from '@ferry/testkit';
import { KeyRing } from '../../services/link/src/grants/key-ring.ts';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';
import { mailInbox } from '../support/inbox.ts';
import { shorten, uploadSharedFile, type FerryEndpoints } from '../load/lib/fixtures.ts';
import { completeProviderSignIn, storedToken } from './support/auth.ts';
import { payDuringTrial } from './support/billing.ts';

/**
 * Journey (issue 21, "My data"): a paying user with links, counts and a share mail downloads their
 * data from the account page, then deletes the account, moving their files to the drive's trash.
 * Afterwards their links answer 410, nothing of them is left in the link, notification or billing
 * database (each read directly), the refresh token Ferry held is refused by the provider, the
 * subscription is cancelled at the Stripe stand-in, their session no longer works, one confirmation
 * mail arrives, and a second delete answers the same finished state.
 *
 * Its own stack on its own PostgreSQL (one database per service), because it reads the databases
 * and the link service's token key. Screenshots of the section and the dialog at 1280×800 and
 * 390×844, in English and Arabic, go to FERRY_SHOTS_DIR (default /tmp/ferry-account-data-shots).
 */
const run = promisify(execFile);
const SHOTS = process.env.FERRY_SHOTS_DIR ?? '/tmp/ferry-account-data-shots';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US', timezoneId: 'Europe/Amsterdam', acceptDownloads: true });

let postgres: RunningServer;
let stack: RunningStack;
let dataDir: string;
const db: Record<'link' | 'notification' | 'billing', string> = { link: '', notification: '', billing: '' };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  postgres = await startPostgres();
  for (const service of Object.keys(db) as Array<keyof typeof db>)
    db[service] = postgres.url.replace(/\/postgres$/, `/ferry_${service}_mydata`);
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'ferry-mydata-stack-'));
  stack = await startStack({
    ports,
    dataDir,
    quiet: true,
    env: {
      LINK_DATABASE_URL: db.link,
      NOTIFICATION_DATABASE_URL: db.notification,
      BILLING_DATABASE_URL: db.billing,
    },
  });
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One value from a service's own database. */
async function sql(service: keyof typeof db, query: string): Promise<string> {
  const { stdout } = await run(join(postgresBinDir(), 'psql'), [db[service], '-At', '-c', query]);
  return stdout.trim();
}
const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** The refresh token the link service holds for `sub`, opened with the key `npm start` generated. */
async function storedRefreshToken(sub: string): Promise<string> {
  const row = await sql(
    'link',
    `SELECT key_id || ' ' || encode(sealed, 'hex') FROM offline_grants WHERE owner_sub = ${quote(sub)}`,
  );
  const [keyId = '', sealed = ''] = row.split(' ');
  const keys = KeyRing.parse(readFileSync(join(dataDir, 'token-encryption-keys.txt'), 'utf8').trim());
  return keys.open({ keyId, sealed: Buffer.from(sealed, 'hex') }, sub);
}

/** The provider's answer to a refresh with `refreshToken` (the gateway's client, as the link service uses it). */
async function refreshAtProvider(refreshToken: string): Promise<{ status: number; error?: string }> {
  const { token_endpoint } = await discover(stack.defaults.IDENTITY_ISSUER!);
  const res = await fetch(token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`ferry-gateway:${stack.defaults.OIDC_CLIENT_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const body = (await res.json()) as { error?: string };
  return { status: res.status, error: body.error };
}

async function signIn(page: Page, email: string): Promise<string> {
  await page.goto(`${stack.baseUrl}/api/auth/login?next=${encodeURIComponent('/account')}`);
  await completeProviderSignIn(page, stack.baseUrl, email);
  await page.waitForURL((url) => url.pathname === '/account');
  await expect(page.getByTestId('subscription-badge')).toHaveText('Trial', { timeout: 30_000 });
  return (await storedToken(page))!;
}

const section = (page: Page) => page.getByTestId('your-data');

/**
 * A setup call, tried again after a 5xx as the product's screens do (a freshly started stack on a
 * busy machine may miss the gateway's deadline on a first call); both calls here are idempotent.
 */
async function again5xx<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= 3 || !/\b5\d\d\b/.test((err as Error).message)) throw err;
    }
  }
}

test('export, then delete an account: links 410, no rows left in any service, token revoked, second delete harmless', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `mydata-${Date.now().toString(36)}@example.com`;
  const ep: FerryEndpoints = {
    baseUrl: stack.baseUrl,
    issuer: stack.defaults.IDENTITY_ISSUER!,
    driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
  };
  const token = await signIn(page, email);
  const me = (await (
    await fetch(`${stack.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    sub: string;
  };

  // Two links with a download each, and a share mail to a friend.
  const files = [] as string[];
  const slugs = [] as string[];
  for (const name of ['plan.txt', 'photos.txt']) {
    const fileId = await uploadSharedFile(ep, token, name, Buffer.from(`${name} of ${email}\n`));
    files.push(fileId);
    slugs.push((await again5xx(() => shorten(ep, token, fileId))).shortId);
  }
  for (const slug of slugs) {
    const res = await fetch(`${stack.baseUrl}/api/d/${slug}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
  }
  const requestId = randomUUID();
  await again5xx(async () => {
    const share = await fetch(`${stack.baseUrl}/api/share-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: slugs[0],
        recipients: ['friend-of-mydata@example.com'],
        message: 'For you',
        requestId,
      }),
    });
    if (share.status !== 200) throw new Error(`share: ${share.status} ${await share.text()}`);
  });
  // A paid plan, so the deletion has a subscription to cancel at Stripe.
  await page.goto(`${stack.baseUrl}/account`);
  await payDuringTrial(page, stack.baseUrl, 'Monthly');
  const refreshToken = await storedRefreshToken(me.sub);

  // Download my data: the JSON holds the links (with their downloads), the mail and the subscription.
  await expect(section(page).getByRole('heading', { name: 'Your data' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await section(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/your-data-desktop.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await section(page).getByTestId('download-my-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ferry-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    account: { email: string };
    timeZone: string;
    links: Array<{ slug: string; file: string; downloads: number; days: Array<{ downloads: number }> }>;
    mails: Array<{ type: string; to: string; created: string }>;
    subscription: { plan: string; stripeCustomer: string | null; stripeSubscription: string | null } | null;
  };
  expect(exported.account.email).toBe(email);
  expect(exported.timeZone).toBe('Europe/Amsterdam');
  expect(exported.links.map((l) => [l.slug, l.file]).sort()).toEqual(
    [
      [slugs[0], 'plan.txt'],
      [slugs[1], 'photos.txt'],
    ].sort(),
  );
  await expect
    .poll(async () => {
      const res = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as typeof exported;
      return body.links.map((l) => l.downloads).sort();
    })
    .toEqual([1, 1]);
  expect(exported.mails).toContainEqual(
    expect.objectContaining({ type: 'receiver', to: 'friend-of-mydata@example.com' }),
  );
  expect(exported.subscription?.plan).toBe('monthly');
  const customer = exported.subscription!.stripeCustomer!;
  expect(customer).toMatch(/^cus_/);

  // Delete my account, with the files to the trash: the dialog names what happens.
  await section(page).getByTestId('delete-account').click();
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog).toContainText('cancel your subscription now');
  await expect(dialog).toContainText('sign you out on every device');
  await dialog.getByTestId('trash-files').check();
  await page.screenshot({ path: `${SHOTS}/delete-dialog-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/delete-dialog-phone.png` });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section(page).getByTestId('deletion-done')).toContainText(email, { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/deleted-phone.png`, fullPage: true });

  // The links answer 410 at once, on the API and the download page.
  for (const slug of slugs) {
    const res = await fetch(`${stack.baseUrl}/api/d/${slug}`, { redirect: 'manual' });
    expect(res.status).toBe(410);
  }
  // The session no longer works; its second delete answers the same finished state.
  const me2 = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { authorization: `Bearer ${token}` } });
  expect(me2.status).toBe(401);
  const again = await fetch(`${stack.baseUrl}/api/me`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: stack.baseUrl },
    body: JSON.stringify({ trashFiles: false }),
  });
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({ state: 'done', step: 'done', trashFiles: true });

  // Per service, straight from its database: nothing of the user is left.
  const sub = quote(me.sub);
  const mail = quote(email);
  expect(await sql('link', `SELECT count(*) FROM links WHERE owner_sub = ${sub} OR owner_email = ${mail}`)).toBe('0');
  expect(await sql('link', `SELECT count(*) FROM offline_grants WHERE owner_sub = ${sub}`)).toBe('0');
  expect(await sql('link', `SELECT count(*) FROM subdomain_owners WHERE owner_sub = ${sub}`)).toBe('0');
  expect(
    await sql(
      'link',
      `SELECT count(*) FROM link_download_buckets b JOIN links l ON l.id = b.link_id WHERE l.slug IN (${slugs.map(quote).join(',')})`,
    ),
  ).toBe('0');
  // The slugs stay as anonymous tombstones (never reused): no owner, file or count.
  expect(
    await sql(
      'link',
      `SELECT string_agg(owner_sub || file_name || drive_file_id || download_count, ',') FROM links WHERE slug IN (${slugs.map(quote).join(',')})`,
    ),
  ).toBe('0,0');
  expect(
    await sql('link', `SELECT step || ' ' || owner_email || '|' FROM account_deletions WHERE owner_sub = ${sub}`),
  ).toBe('done |');
  expect(await sql('notification', `SELECT count(*) FROM share_requests WHERE sender_sub = ${sub}`)).toBe('0');
  expect(
    await sql(
      'notification',
      `SELECT string_agg(payload->>'type', ',') FROM outbox_messages WHERE lower("to") = ${mail} OR lower(payload->>'replyTo') = ${mail}`,
    ),
  ).toBe('account-deleted');
  expect(await sql('billing', `SELECT count(*) FROM subscriptions WHERE sub = ${sub} OR email = ${mail}`)).toBe('0');

  // The provider refuses the refresh token Ferry held; Stripe ended the subscription.
  expect(await refreshAtProvider(refreshToken)).toMatchObject({ status: 400, error: 'invalid_grant' });
  const subs = await fetch(`${stack.defaults.STRIPE_API_URL}/v1/subscriptions?customer=${customer}&status=all`, {
    headers: { authorization: `Bearer ${stack.defaults.STRIPE_SECRET_KEY}` },
  });
  const list = (await subs.json()) as { data: Array<{ status: string }> };
  expect(list.data.map((s) => s.status)).toEqual(['canceled']);

  // The files went to the owner's trash without their public permission.
  for (const fileId of files) {
    const res = await fetch(`${stack.defaults.DRIVE_ROOT_URL}/uc?id=${fileId}&export=download`, { redirect: 'manual' });
    expect(res.status).not.toBe(200);
  }

  // One confirmation mail, in the page's language.
  const inbox = mailInbox(stack.defaults.MAIL_INBOX_URL);
  await expect
    .poll(
      async () => (await inbox.mailsTo(email)).filter((m) => m.subject === 'Your Ferry account was deleted').length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
});

test('the section and its dialog in Arabic on a phone and a desktop', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `mydata-ar-${Date.now().toString(36)}@example.com`;
  await signIn(page, email);
  await page.goto(`${stack.baseUrl}/account?lng=ar`);
  await expect(section(page).getByRole('heading', { name: 'بياناتك' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await section(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/your-data-${name}-ar.png`, fullPage: true });
    await section(page).getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-dialog');
    await expect(dialog).toContainText('إلغاء اشتراكك الآن');
    await page.screenshot({ path: `${SHOTS}/delete-dialog-${name}-ar.png` });
    // No sideways scroll on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await dialog.getByRole('button', { name: 'الاحتفاظ بحسابي' }).click();
    await expect(dialog).toBeHidden();
  }
});
