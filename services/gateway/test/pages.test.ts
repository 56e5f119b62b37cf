import { writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import path from 'node:path';
import request from 'supertest';
import { hasUnsafeNameCharacter } from '@ferry/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createHealthChecker, type HealthProbe } from '../src/grpc/health-checker.js';
import { IMMUTABLE } from '../src/routes/cache-policy.js';
import { renderPage } from '../src/web/page-html.js';
import { linkPreviews } from '../src/web/link-preview.js';
import { WebSource } from '../src/web/web-source.js';
import { diskFiles } from '../src/web/web-files.js';
import { shellWeb } from '../src/routes/shell-web.js';
import { silentLogger, tempTree } from './helpers.js';

const serving: HealthProbe = async () => 'SERVING';
const health = createHealthChecker({ link: serving, notification: serving, billing: serving }, { cacheMs: 0 });

const INDEX =
  '<!DOCTYPE html><html><head><title>Ferry — Eenvoudig delen, slimme opslag.</title><meta charset="utf-8"><meta name="description" content="build"><meta property="og:title" content="build"><script defer src="/static/js/index.0123abcd.js"></script><link rel="canonical" href="/"></head><body><div id="root"></div></body></html>';
const CHUNK = `console.log(${JSON.stringify('x'.repeat(2000))})`;
const strings = (tagline: string, title: string) =>
  JSON.stringify({
    meta: { tagline, description: `${tagline} desc`, download: 'Download {{name}} ({{size}})' },
    nav: { faq: 'FAQ' },
    notFound: { title, expired: 'Gone.', hint: 'Check it.', home: 'Home' },
  });

let trees: Awaited<ReturnType<typeof tempTree>>[] = [];
let app: ReturnType<typeof createApp>;
const links = new Map([
  [
    'abcd2345',
    {
      found: true as const,
      slug: 'abcd2345',
      driveFileId: 'f',
      sizeBytes: 5 * 1024 * 1024,
      fileName: 'holiday <photos>.zip',
      expiresAtMs: Date.now() + 3_600_000,
      deleted: false,
      ownerSubdomain: 'anna',
    },
  ],
]);

beforeAll(async () => {
  const shell = await tempTree({
    'index.html': INDEX,
    'static/js/index.0123abcd.js': CHUNK,
    'static/js/async/7.89abcdef.js': 'chunk',
    'static/js/async/dialog.89abcdef.js': 'on demand',
    'manifest.json': JSON.stringify({
      entries: {
        index: {
          initial: { js: ['/static/js/index.0123abcd.js'] },
          async: { js: ['/static/js/async/7.89abcdef.js', '/static/js/async/dialog.89abcdef.js'], css: [] },
        },
      },
    }),
    'first-visit.json': JSON.stringify({ js: ['/static/js/async/7.89abcdef.js'], css: [] }),
    'locale-hashes.json': JSON.stringify({ 'en/shell': 'aaaaaaaaaa', 'de/shell': 'bbbbbbbbbb' }),
    'locales/en/shell.json': strings('Simple sharing.', 'File not available'),
    'locales/de/shell.json': strings('Einfach teilen.', 'Datei nicht verfügbar'),
    'locales/ar/shell.json': strings('مشاركة بسيطة.', 'الملف غير متاح'),
  });
  await writeFile(path.join(shell.dir, 'static/js/index.0123abcd.js.br'), brotliCompressSync(CHUNK));
  await writeFile(path.join(shell.dir, 'static/js/index.0123abcd.js.gz'), gzipSync(CHUNK));
  const marketing = await tempTree({
    'remoteEntry.js': 'var m;',
    'mf-manifest.json': JSON.stringify({
      exposes: [
        {
          path: './App',
          assets: { js: { sync: ['static/js/async/app.1234abcd.js'], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    }),
    'locale-hashes.json': JSON.stringify({ 'en/marketing': 'cccccccccc' }),
    'prerender/landing/en.html': '<h1>Send files from your own drive</h1>',
    'prerender/faq/de.html': '<h1>Häufige Fragen</h1><h3>Wie groß darf eine Datei sein? 15 GB</h3>',
  });
  const download = await tempTree({
    'remoteEntry.js': 'var d;',
    'mf-manifest.json': JSON.stringify({
      exposes: [{ path: './App', assets: { js: { sync: [] }, css: { sync: ['static/css/app.1234abcd.css'] } } }],
    }),
    'prerender/download/en.html':
      '<h1 data-slug="ferry0slug">Download</h1><a href="/faq?back=%2Fr%2Fferry0slug">FAQ</a>',
  });
  const outside = await tempTree({
    'remotes.json': JSON.stringify({
      remotes: {
        marketing: { entry: '/remotes/marketing/1.0.0/remoteEntry.js', version: '1.0.0' },
        download: { entry: '/remotes/download/1.0.0/remoteEntry.js', version: '1.0.0' },
      },
    }),
  });
  trees = [shell, marketing, download, outside];
  app = createApp({
    logger: silentLogger(),
    health,
    web: {
      shellDir: shell.dir,
      remotes: [
        { name: 'marketing', version: '1.0.0', dir: marketing.dir },
        { name: 'download', version: '1.0.0', dir: download.dir },
      ],
      remotesManifestFile: path.join(outside.dir, 'remotes.json'),
    },
  });
});

afterAll(async () => {
  await Promise.all(trees.map((t) => t.cleanup()));
});

const page = (p: string) => request(app).get(p).set('Accept', 'text/html');

describe('pre-compressed files', () => {
  it('sends the Brotli copy to clients that accept br, gzip to the others, with Vary and the original type', async () => {
    const br = await request(app).get('/static/js/index.0123abcd.js').set('Accept-Encoding', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.text).toBe(CHUNK);
    const gz = await request(app).get('/static/js/index.0123abcd.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(CHUNK);
    const plain = await request(app).get('/static/js/index.0123abcd.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('compresses the pages it writes', async () => {
    const res = await page('/').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
  });
});

describe('pages', () => {
  it('writes lang, dir, title, description, og tags, hreflang alternates and drops the build-time ones', async () => {
    const res = await page('/faq?lng=de');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de" dir="ltr">');
    expect(res.text).toContain('<title>FAQ — Ferry</title>');
    expect(res.text).toContain('<meta name="description" content="Einfach teilen. desc">');
    expect(res.text).toContain('<meta property="og:url" content="http://127.0.0.1');
    expect(res.text).toMatch(/<link rel="alternate" hreflang="ar" href="http:\/\/[^"]+\/faq\?lng=ar">/);
    expect(res.text).toContain('hreflang="x-default"');
    expect(res.text).not.toContain('Eenvoudig delen');
    expect(res.text).not.toContain('content="build"');
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('picks the language from ?lng=, then the cookie, then Accept-Language', async () => {
    expect((await page('/?lng=ar').set('Cookie', 'i18next=de')).text).toContain('<html lang="ar" dir="rtl">');
    expect((await page('/').set('Cookie', 'x=1; i18next=de').set('Accept-Language', 'ar')).text).toContain(
      '<html lang="de"',
    );
    expect((await page('/').set('Accept-Language', 'zh, ar;q=0.9')).text).toContain('<html lang="ar" dir="rtl">');
    expect((await page('/')).text).toContain('<html lang="en" dir="ltr">');
  });

  it("preloads the shell's chunks, the route's remote entry and exposed chunk and its strings by content hash", async () => {
    const res = await page('/');
    expect(res.text).toContain('<link rel="preload" href="/static/js/async/7.89abcdef.js" as="script">');
    // Only what every start loads: a chunk loaded on demand is not preloaded.
    expect(res.text).not.toContain('dialog.89abcdef.js');
    expect(res.text).toContain('<link rel="preload" href="/remotes/marketing/1.0.0/remoteEntry.js" as="script">');
    expect(res.text).toContain(
      '<link rel="preload" href="/remotes/marketing/1.0.0/static/js/async/app.1234abcd.js" as="script">',
    );
    expect(res.text).toContain(
      '<link rel="preload" href="/locales/en/shell.json?v=aaaaaaaaaa" as="fetch" crossorigin="anonymous">',
    );
    expect(res.text).toContain(
      '<link rel="preload" href="/remotes/marketing/1.0.0/locales/en/marketing.json?v=cccccccccc" as="fetch" crossorigin="anonymous">',
    );
    const de = await page('/?lng=de');
    // i18next loads the fallback language too.
    expect(de.text).toContain('href="/locales/de/shell.json?v=bbbbbbbbbb"');
    expect(de.text).toContain('href="/locales/en/shell.json?v=aaaaaaaaaa"');
    expect(res.text).toContain('<script type="application/json" id="ferry-remotes">');
    expect(res.text).toContain('"en/marketing":"cccccccccc"');
  });

  it("shows the remote's pre-rendered page for the language before any script runs", async () => {
    const landing = await page('/');
    expect(landing.text).toContain(
      '<div id="root" hidden></div><div id="ferry-prerendered"><div class="shell"><header class="shell-header"><a href="http://127.0.0.1',
    );
    expect(landing.text).toContain(
      '<main class="shell-main"><h1>Send files from your own drive</h1></main></div></div>',
    );
    const faq = await page('/faq?lng=de');
    expect(faq.text).toContain('15 GB');
    // No pre-rendered page in that language: the app renders it.
    expect((await page('/privacy')).text).toContain('<div id="root"></div>');
  });

  it('answers an unknown path with 404 and the not-found screen in the visitor language', async () => {
    const res = await page('/no/such/page').set('Accept-Language', 'de');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<h1>Datei nicht verfügbar</h1>');
    expect(res.text).toContain('<title>Datei nicht verfügbar — Ferry</title>');
  });

  it('serves robots.txt and a sitemap of every marketing page in every language', async () => {
    const robots = await request(app).get('/robots.txt');
    expect(robots.text).toMatch(/Sitemap: http:\/\/[^\n]+\/sitemap\.xml/);
    const sitemap = await request(app).get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const p of ['/', '/faq', '/privacy', '/terms']) expect(sitemap.text).toContain(`${p}</loc>`);
    expect(sitemap.text.match(/hreflang=/g)).toHaveLength(4 * 17);
  });
});

describe('download link previews', () => {
  it('names the file and its size, escaped, and never the Dutch tagline', async () => {
    const source = new WebSource(
      diskFiles(trees[0]!.dir, [{ name: 'download', version: '1.0.0', dir: trees[2]!.dir }]),
      path.join(trees[3]!.dir, 'remotes.json'),
    );
    const previewOf = linkPreviews({ get: async (code: string) => links.get(code) ?? { found: false as const } });
    const withLinks = express().use(shellWeb(trees[0]!.dir, { source, previewOf }));
    const res = await request(withLinks).get('/r/abcd2345').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta property="og:title" content="holiday &lt;photos&gt;.zip (5 MB) — Ferry">');
    expect(res.text).toContain('<meta property="og:description" content="Download holiday &lt;photos&gt;.zip (5 MB)">');
    expect(res.text).toContain('<meta property="og:type" content="article">');
    expect(res.text).toContain('<h1 data-slug="abcd2345">Download</h1><a href="/faq?back=%2Fr%2Fabcd2345">FAQ</a>');
    // The pre-rendered page is styled before any script runs.
    expect(res.text).toContain('<link rel="stylesheet" href="/remotes/download/1.0.0/static/css/app.1234abcd.css">');
    expect(res.text).not.toContain('Eenvoudig');
  });

  it('writes no control or bidi character of a file name into the title and the meta tags', async () => {
    const source = new WebSource(
      diskFiles(trees[0]!.dir, [{ name: 'download', version: '1.0.0', dir: trees[2]!.dir }]),
      path.join(trees[3]!.dir, 'remotes.json'),
    );
    // Every character the name rule keeps off the screen, among C0/C1 and the Unicode format blocks.
    const ranges: Array<[number, number]> = [
      [0x00, 0xa0],
      [0x061c, 0x061c],
      [0x2000, 0x206f],
    ];
    const unsafe: string[] = [];
    for (const [from, to] of ranges)
      for (let c = from; c <= to; c++)
        if (hasUnsafeNameCharacter(String.fromCodePoint(c))) unsafe.push(String.fromCodePoint(c));
    expect(unsafe.length).toBeGreaterThan(70);
    const names = [...unsafe.map((c) => `invoice${c}fdp.exe`), `invoice${unsafe.join('')}fdp.exe`];
    let name = '';
    const previewOf = linkPreviews({
      get: async () => ({ ...links.get('abcd2345')!, fileName: name }),
    });
    const withLinks = express().use(shellWeb(trees[0]!.dir, { source, previewOf }));
    for (name of names) {
      const res = await request(withLinks).get('/r/abcd2345').set('Accept', 'text/html');
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      const shown = [
        ...head.matchAll(/<title>([^<]*)<\/title>/g),
        ...head.matchAll(/<meta (?:name|property)="(?:description|og:[a-z_]+|twitter:[a-z]+)" content="([^"]*)">/g),
      ].map((m) => m[1]!);
      expect(shown.length, JSON.stringify(name)).toBeGreaterThanOrEqual(7);
      for (const text of shown) expect(hasUnsafeNameCharacter(text), JSON.stringify([name, text])).toBe(false);
      expect(shown[0]).toMatch(/^invoice ?fdp\.exe \(5 MB\) — Ferry$/);
    }
  });

  it("on another sender's subdomain a link's page names nothing, as an unknown link's page", async () => {
    const source = new WebSource(
      diskFiles(trees[0]!.dir, [{ name: 'download', version: '1.0.0', dir: trees[2]!.dir }]),
      path.join(trees[3]!.dir, 'remotes.json'),
    );
    const previewOf = linkPreviews({ get: async (code: string) => links.get(code) ?? { found: false as const } });
    const withLinks = express().use(shellWeb(trees[0]!.dir, { source, previewOf }));
    const head = async (host: string, slug: string) => {
      const res = await request(withLinks).get(`/r/${slug}`).set('Host', host).set('Accept', 'text/html');
      return { status: res.status, head: res.text.slice(0, res.text.indexOf('</head>')).replaceAll(slug, '{slug}') };
    };
    expect((await head('anna.localhost', 'abcd2345')).head).toContain('holiday &lt;photos&gt;.zip (5 MB)');
    const elsewhere = await head('bob.localhost', 'abcd2345');
    expect(elsewhere.head).not.toContain('holiday');
    expect(elsewhere).toEqual(await head('bob.localhost', 'zzzz9999'));
  });

  it('says nothing about expired, deleted or unknown links', async () => {
    const now = Date.now();
    const previews = linkPreviews({
      get: async (code: string) =>
        code === 'gone'
          ? { ...links.get('abcd2345')!, expiresAtMs: now - 1 }
          : code === 'del'
            ? { ...links.get('abcd2345')!, deleted: true }
            : { found: false },
    } as never);
    expect(await previews('gone')).toBeUndefined();
    expect(await previews('del')).toBeUndefined();
    expect(await previews('none')).toBeUndefined();
  });

  it('does not hold the page when the link service is slow', async () => {
    const previews = linkPreviews({ get: () => new Promise(() => undefined) } as never, Date.now, 20);
    const started = Date.now();
    expect(await previews('abcd2345')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('pages written from web servers (Kubernetes)', () => {
  it('reads the shell and the remotes over HTTP and writes the same page', async () => {
    const files = express();
    files.use('/remotes/marketing/1.0.0', express.static(trees[1]!.dir));
    files.use(express.static(trees[0]!.dir));
    const server = files.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const k8s = createApp({
        logger: silentLogger(),
        health,
        web: {
          shellUrl: url,
          remoteUrls: { marketing: url },
          remotesManifestFile: path.join(trees[3]!.dir, 'remotes.json'),
        },
      });
      const res = await request(k8s).get('/?lng=de').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="de" dir="ltr">');
      expect(res.text).toContain('<title>Ferry — Einfach teilen.</title>');
      expect(res.text).toContain('href="/remotes/marketing/1.0.0/static/js/async/app.1234abcd.js"');
      expect(res.text).toContain('href="/locales/de/shell.json?v=bbbbbbbbbb"');
      const missing = await request(k8s).get('/nope').set('Accept', 'text/html');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('File not available');
      // Static files stay with nginx there: the gateway has none.
      expect((await request(k8s).get('/static/js/index.0123abcd.js')).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('renderPage', () => {
  it('keeps the script out of the JSON data', () => {
    const html = renderPage(INDEX, {
      language: 'en',
      dir: 'ltr',
      title: 't',
      description: 'd',
      canonicalUrl: 'https://x/',
      alternates: [],
      ogType: 'website',
      ogLocale: 'en',
      preloads: [],
      data: { 'ferry-remotes': { evil: '</script><script>alert(1)</script>' } },
    });
    expect(html).not.toContain('</script><script>alert(1)');
  });
});
