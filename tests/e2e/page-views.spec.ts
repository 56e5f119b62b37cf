import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '@ferry/testkit';
import { REMOTE_NAMES, remoteVersion } from '../../scripts/lib/settings.ts';
import { REPO_ROOT } from './support/paths.ts';

/**
 * Page views with analytics configured: a collector of this journey's own records every request
 * it gets, and a gateway of this journey's own (the built web files, ANALYTICS_ENDPOINT pointing at
 * the collector, the loopback as its trusted proxy) serves the pages. The browser's requests carry
 * a cookie and an X-Forwarded-For naming the visitor, as behind an ingress. No backend is needed.
 */

const VISITOR = '198.51.100.23';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startCollector() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(202).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/event`,
    received,
    stop: () => new Promise((r) => server.close(r)),
  };
}

async function startGateway(collectorUrl: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-page-views-'));
  const port = await freePort();
  const closed = await freePort();
  const manifest = join(dir, 'remotes.json');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((n) => [
      n,
      { entry: `/remotes/${n}/${remoteVersion(n)}/remoteEntry.js`, version: remoteVersion(n) },
    ]),
  );
  writeFileSync(manifest, JSON.stringify({ remotes }));
  const { privateKey } = generateKeyPairSync('ed25519');
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(REPO_ROOT, 'services', 'gateway'),
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      GATEWAY_PORT: String(port),
      PUBLIC_ORIGIN: origin,
      LINK_ADDR: `127.0.0.1:${closed}`,
      NOTIFICATION_ADDR: `127.0.0.1:${closed}`,
      BILLING_ADDR: `127.0.0.1:${closed}`,
      GRPC_DEADLINE_MS: '1000',
      CALLER_ASSERTION_PRIVATE_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      OIDC_PROVIDER: 'local',
      OIDC_ISSUER: `http://127.0.0.1:${closed}`,
      OIDC_CLIENT_ID: 'ferry-gateway',
      OIDC_CLIENT_SECRET: 'page-views-journey',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      WEB_SHELL_DIR: join(REPO_ROOT, 'shell', 'dist'),
      WEB_REMOTES: REMOTE_NAMES.map((n) => `${n}@${remoteVersion(n)}=${join(REPO_ROOT, `mfe-${n}`, 'dist')}`).join(','),
      WEB_REMOTES_MANIFEST: manifest,
      ANALYTICS_ENDPOINT: collectorUrl,
      ANALYTICS_DOMAIN: 'ferry.test',
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(async () => (await fetch(`${origin}/api/livez`).catch(() => undefined))?.status, {
      timeout: 20_000,
      message: 'the gateway to start',
    })
    .toBe(200);
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A visitor as Ferry sees it behind an ingress: a cookie, X-Forwarded-For, and Plausible's own flag for automated browsers. */
async function visitor(context: BrowserContext, origin: string): Promise<void> {
  // (Not named session, auth or user: those count as a sign-in for the shell.)
  await context.addCookies([{ name: 'visitor_pref', value: 'visitor-cookie', url: origin }]);
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': VISITOR });
  // Plausible's tracker ignores browsers driven by automation unless the page sets this.
  await context.addInitScript(() => Object.assign(window, { __plausible: true }));
}

const eventRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/event') seen.push(`${r.method()} ${path}`);
  });
  return seen;
};

test.describe('privacy-first page views', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  test.beforeAll(async () => {
    collector = await startCollector();
    gateway = await startGateway(collector.url);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await collector?.stop();
  });
  test.beforeEach(() => {
    collector.received.length = 0;
  });

  test('a page view per route reaches the collector without cookie, address or link code', async ({ browser }) => {
    const context = await browser.newContext();
    await visitor(context, gateway.origin);
    const page = await context.newPage();
    await page.goto(`${gateway.origin}/?lng=de&email=vera%40example.com`);
    await expect.poll(() => collector.received.length, { message: 'the landing page view' }).toBeGreaterThanOrEqual(1);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect
      .poll(() => collector.received.map((r) => JSON.parse(r.body).u), { message: 'the FAQ page view' })
      .toContain(`${gateway.origin}/faq`);
    // In the app, as a click on a shared link would: the page's tracker is loaded by now.
    await page.evaluate(() => {
      history.pushState({}, '', '/r/Ab3dEf9h?t=secret');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect
      .poll(() => collector.received.map((r) => JSON.parse(r.body).u), { message: 'the download page view' })
      .toContain(`${gateway.origin}/r/:code`);

    const views = collector.received.map((r) => JSON.parse(r.body) as { n: string; u: string; d: string });
    expect(views[0]).toEqual({ n: 'pageview', u: `${gateway.origin}/?lng=de`, d: 'ferry.test', r: null });
    for (const { headers, body } of collector.received) {
      expect(headers.cookie).toBeUndefined();
      expect(headers['x-forwarded-for']).toBeUndefined();
      expect(headers.forwarded).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(JSON.stringify(headers) + body).not.toContain(VISITOR);
      expect(body).not.toContain('Ab3dEf9h');
      expect(body).not.toContain('vera');
    }
    await context.close();
  });

  for (const [name, setting] of [
    ['Do Not Track', "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })"],
    [
      'Global Privacy Control',
      "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
    ],
  ] as const) {
    test(`nothing is sent with ${name}`, async ({ browser }) => {
      const context = await browser.newContext();
      await visitor(context, gateway.origin);
      await context.addInitScript({ content: setting });
      const page = await context.newPage();
      const requests = eventRequests(page);
      await page.goto(`${gateway.origin}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
      await expect(page).toHaveURL(/\/faq$/);
      // Counting would start after the load event: wait until the network is quiet.
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);
      expect(collector.received).toEqual([]);
      await context.close();
    });
  }
});
