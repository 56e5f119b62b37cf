import { expect, test } from '@playwright/test';
import { signInAt } from './support/auth.ts';
import { senderOrigin } from './support/paths.ts';

/** Journey: a visitor opens each page of Ferry and gets it from the remote that owns it, inside the shell. */
const ROUTES = [
  { path: '/', remote: 'marketing', heading: 'Send files of any size from your own Google Drive' },
  { path: '/faq', remote: 'marketing', heading: 'Frequently asked questions' },
  { path: '/privacy', remote: 'marketing', heading: 'Privacy policy' },
  { path: '/terms', remote: 'marketing', heading: 'Terms of service' },
  { path: '/upload', remote: 'upload', heading: 'Upload to your own Google Drive', signedIn: true },
  { path: '/account', remote: 'account', heading: 'Your account', signedIn: true },
  // No link has this slug: the page's frame, then its answer (the pre-rendered frame makes the first rarely seen).
  { path: '/r/abc12345', remote: 'download', heading: /^(You received a file|This link does not exist)$/ },
];

test.use({ locale: 'en-US' });

for (const route of ROUTES) {
  test(`${route.path} renders the ${route.remote} remote inside the shell`, async ({ page, baseURL }) => {
    // The product pages need a session (a visitor is sent to /: see auth-signin.spec.ts).
    if ('signedIn' in route) await signInAt(page, baseURL!, route.path);
    await page.goto(route.path);
    const slot = page.locator(`[data-remote-slot="${route.remote}"] [data-remote="${route.remote}"]`);
    await expect(slot.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    if (route.remote === 'download') await expect(footer).toHaveCount(0);
    else await expect(footer).toBeVisible();
  });
}

test('client-side navigation moves between remotes without a reload', async ({ page, baseURL }) => {
  await signInAt(page, baseURL!, '/upload');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Go to the product' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload to your own Google Drive');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
});

test('unknown paths, /404 and /{slug} on the root host show "File not available"', async ({ page }) => {
  for (const path of ['/404', '/no/such/page', '/abc12345']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('File not available');
    await expect(page.getByText('This download link has expired or the file was removed by the sender.')).toBeVisible();
    await expect(page.getByText('Please check the link, or ask the sender to share a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  }
});

test('/{slug} on a sender subdomain is a download page without footer', async ({ page, baseURL }) => {
  await page.goto(`${senderOrigin(baseURL!, 'anna')}/abc12345`);
  await expect(page.locator('[data-remote="download"] h1')).toHaveText(
    /^(You received a file|This link does not exist)$/,
  );
  await expect(page.locator('#root [data-slug="abc12345"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
});

test('/upload on a sender subdomain goes to the root host, keeping the query', async ({ page, baseURL }) => {
  await signInAt(page, baseURL!, '/upload');
  await page.goto(`${senderOrigin(baseURL!, 'anna')}/upload?highlight=drop`);
  await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/upload');
  expect(new URL(page.url()).search).toBe('?highlight=drop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload to your own Google Drive');
});

test('/d/{slug} and slugs over 16 characters leave the app for /api/d/{slug} with the query', async ({ page }) => {
  // The server answers these paths with the redirect itself (the route rule of @ferry/rules), before any script.
  const token = 'a'.repeat(17);
  for (const [path, target] of [
    ['/d/abc12345?x=1', '/api/d/abc12345?x=1'],
    [`/r/${token}?lng=nl`, `/api/d/${token}?lng=nl`],
  ]) {
    const res = await page.request.get(path!, { maxRedirects: 0, headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(target);
  }
});

test('the page carries title, description, canonical URL, social tags and theme colour', async ({ page }) => {
  await page.goto('/faq?lng=en');
  await expect(page.locator('#root')).toBeVisible();
  // The server's per-page head stays after the app has started.
  await expect(page).toHaveTitle('FAQ — Ferry');
  const head = page.locator('head');
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#FFE0E0');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /Google Drive/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/faq?lng=en', page.url()).toString(),
  );
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'FAQ — Ferry');
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  // A page the app opens itself carries the product's tagline.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/privacy');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveTitle('Ferry — Simple sharing, smart storage.');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/privacy', page.url()).toString(),
  );
});
