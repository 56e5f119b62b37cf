import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

/**
 * First visit, checked structurally on the running product: compressed transfer of every asset
 * type, caching, the 404 page, the text of the pages before any JavaScript, and the preloads.
 */
let stack: SuiteStack;

beforeAll(async () => {
  stack = await stackForSuite();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers }, redirect: 'manual' });

/** Every href of one kind of link tag in a page. */
function links(html: string, rel: string): string[] {
  return [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((m) => m[1]!);
}

async function page(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; encoding: string | null }> {
  const res = await get(path, { accept: 'text/html', ...headers });
  return { status: res.status, html: await res.text(), encoding: res.headers.get('content-encoding') };
}

describe('first visit', () => {
  it('sends every asset type Brotli-compressed to a client that accepts br, and gzip to one that does not', async () => {
    const landing = await page('/');
    expect(landing.encoding).toBe('br');
    const preloads = links(landing.html, 'preload');
    const remoteEntry = preloads.find((h) => h.endsWith('/remoteEntry.js'))!;
    const locale = preloads.find((h) => h.startsWith('/locales/'))!;
    const shellJs = landing.html.match(/<script defer src="([^"]+\.js)"/)![1]!;
    const css = links(landing.html, 'stylesheet')[0]!;
    const assets = [
      shellJs,
      css,
      locale,
      remoteEntry,
      remoteEntry.replace('remoteEntry.js', 'mf-manifest.json'),
      '/icon.svg',
      '/manifest.webmanifest',
      '/sitemap.xml',
    ];
    for (const asset of assets) {
      const br = await get(asset);
      expect(br.status, asset).toBe(200);
      expect(br.headers.get('content-encoding'), asset).toBe('br');
      expect(br.headers.get('vary') ?? '', asset).toMatch(/accept-encoding/i);
      const gzip = await get(asset, { 'accept-encoding': 'gzip' });
      expect(gzip.headers.get('content-encoding'), asset).toBe('gzip');
      await Promise.all([br.arrayBuffer(), gzip.arrayBuffer()]);
    }
    expect((await get(shellJs)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(remoteEntry)).headers.get('cache-control')).toBe('no-cache');
    expect((await get(locale)).headers.get('cache-control')).toBe('no-cache');
    // Strings are versioned by content hash, never by the clock.
    expect(locale).toMatch(/\/locales\/en\/shell\.json\?v=[0-9a-f]{10}$/);
  });

  it('answers an unknown path with 404 and the not-found screen; the icons exist', async () => {
    const missing = await page('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('File not available');
    for (const icon of ['/favicon.ico', '/icon.svg', '/apple-touch-icon.png', '/manifest.webmanifest', '/robots.txt']) {
      expect((await get(icon)).status, icon).toBe(200);
    }
  });

  it('shows the text of the landing page, the FAQ and the download page in the HTML, before any JavaScript', async () => {
    const landing = await page('/?lng=de');
    expect(landing.html).toContain('<html lang="de" dir="ltr">');
    expect(landing.html).toMatch(/<div id="ferry-prerendered">[\s\S]*<h1>/);
    const faq = await page('/faq', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(faq.html).toContain('15 GB');
    expect(faq.html).toContain('<details id=');
    const arabic = await page('/privacy', { cookie: 'i18next=ar' });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    const download = await page('/r/abcd2345');
    expect(download.status).toBe(200);
    expect(download.html).toContain('data-slug="abcd2345"');
    expect(download.html).not.toContain('Eenvoudig delen');
  });

  it("preloads the shell's chunks, the route's remote entry, exposed chunk and strings on each route", async () => {
    for (const [path, remote] of [
      ['/', 'marketing'],
      ['/faq', 'marketing'],
      ['/r/abcd2345', 'download'],
      ['/upload', 'upload'],
      ['/account', 'account'],
    ] as const) {
      const { html } = await page(path);
      const preloads = links(html, 'preload');
      expect(
        preloads.some((h) => h.startsWith('/static/js/async/')),
        path,
      ).toBe(true);
      expect(
        preloads.filter((h) => h.startsWith(`/remotes/${remote}/`) && h.endsWith('/remoteEntry.js')),
        path,
      ).toHaveLength(1);
      expect(
        preloads.some((h) => h.startsWith(`/remotes/${remote}/`) && h.includes('/static/js/')),
        path,
      ).toBe(true);
      expect(
        preloads.some((h) =>
          new RegExp(`^/remotes/${remote}/[^/]+/locales/en/${remote}\\.json\\?v=[0-9a-f]{10}$`).test(h),
        ),
        path,
      ).toBe(true);
    }
  });
});
