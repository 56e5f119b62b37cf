import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { analyticsTargetOf } from '../src/analytics/page-view-setup.js';
import { pageViewForwarder, sanitizePageView } from '../src/analytics/page-view-forwarder.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { clientAddress } from '../src/http/client-address.js';
import { RequestBudget } from '../src/http/request-budget.js';
import { publicConfigRoutes } from '../src/routes/public-config.js';
import { silentLogger, waitFor } from './helpers.js';

const ORIGIN = 'https://ferry.example';
const target = { endpoint: '', domain: 'ferry.example' };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  peer: string | undefined;
}

/** A Plausible-like collector that records every request. */
async function startCollector() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw), peer: req.socket.remoteAddress });
      res.writeHead(202).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/event`,
    received,
    stop: () => new Promise((r) => server.close(r)),
  };
}

describe('POST /api/event: page views forwarded without the visitor', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let app: ReturnType<typeof createApp>;
  const post = (event: object, headers: Record<string, string> = {}) =>
    request(app)
      .post('/api/event')
      .set({
        'Content-Type': 'text/plain',
        'X-Forwarded-For': '203.0.113.77',
        Cookie: 'session=abc; ferry_access_token=t',
        'User-Agent': 'Mozilla/5.0 Test',
        Referer: `${ORIGIN}/faq?email=a@b.co`,
        ...headers,
      })
      .send(JSON.stringify(event));

  beforeAll(async () => {
    collector = await startCollector();
  });
  beforeEach(() => {
    collector.received.length = 0;
    const t = { ...target, endpoint: collector.url };
    app = createApp({
      logger: silentLogger(),
      health: createHealthChecker({} as never, { cacheMs: 0 }),
      trustProxy: clientAddress(['127.0.0.1', '::1']).trust,
      pageViews: {
        target: t,
        forwarder: pageViewForwarder(t, silentLogger()),
        publicOrigin: ORIGIN,
        budget: new RequestBudget({ keyPrefix: 'test', points: 5, windowS: 60 }),
      },
    });
  });
  afterAll(() => collector?.stop());

  it('forwards a page view with the counted URL and the domain, and nothing that names the visitor', async () => {
    await post({
      n: 'pageview',
      u: `${ORIGIN}/r/Ab3dEf9h?lng=ar&token=secret#x`,
      d: 'evil.example',
      r: 'https://news.example/item?id=1&user=me',
      p: { email: 'a@b.co' },
    }).expect(202);
    const [got] = await waitFor(
      async () => (collector.received.length ? collector.received : undefined),
      5_000,
      'the event at the collector',
    );
    expect(got!.body).toEqual({
      n: 'pageview',
      u: `${ORIGIN}/r/:code?lng=ar`,
      d: 'ferry.example',
      r: 'https://news.example',
    });
    expect(got!.headers['x-forwarded-for']).toBeUndefined();
    expect(got!.headers['x-real-ip']).toBeUndefined();
    expect(got!.headers.forwarded).toBeUndefined();
    expect(got!.headers.cookie).toBeUndefined();
    expect(got!.headers.referer).toBeUndefined();
    expect(got!.headers['user-agent']).toBe('Mozilla/5.0 Test');
    expect(JSON.stringify(got)).not.toContain('203.0.113.77');
    expect(got!.peer).toBe('127.0.0.1');
  });

  it('forwards the engagement numbers, bounded', async () => {
    await post({ n: 'engagement', u: `${ORIGIN}/faq`, sd: 140.2, e: 12_345.6 }).expect(202);
    const [got] = await waitFor(
      async () => (collector.received.length ? collector.received : undefined),
      5_000,
      'the event',
    );
    expect(got!.body).toEqual({ n: 'engagement', u: `${ORIGIN}/faq`, d: 'ferry.example', r: null, sd: 100, e: 12_346 });
  });

  it('drops events with Do Not Track or Global Privacy Control, foreign pages, other names and junk', async () => {
    await post({ n: 'pageview', u: `${ORIGIN}/` }, { DNT: '1' }).expect(202);
    await post({ n: 'pageview', u: `${ORIGIN}/` }, { 'Sec-GPC': '1' }).expect(202);
    await post({ n: 'pageview', u: 'https://other.example/' }).expect(202);
    await post({ n: 'signup', u: `${ORIGIN}/` }).expect(202);
    await request(app).post('/api/event').set('Content-Type', 'text/plain').send('not json').expect(202);
    // A page view that is counted comes after them: only it arrives.
    await post({ n: 'pageview', u: `https://anna.ferry.example/Ab3dEf9h` }).expect(202);
    const received = await waitFor(
      async () => (collector.received.length ? collector.received : undefined),
      5_000,
      'the last event',
    );
    expect(received.map((r) => r.body.u)).toEqual(['https://anna.ferry.example/:code']);
  });

  it('caps the body at 4 KB and the events per client per minute', async () => {
    const big = await post({ n: 'pageview', u: `${ORIGIN}/`, pad: 'x'.repeat(5_000) }).expect(413);
    expect(big.body.code).toBe('payload_too_large');
    for (let i = 0; i < 5; i++)
      await post({ n: 'pageview', u: `${ORIGIN}/` }, { 'X-Forwarded-For': '198.51.100.3' }).expect(202);
    const over = await post({ n: 'pageview', u: `${ORIGIN}/` }, { 'X-Forwarded-For': '198.51.100.3' }).expect(429);
    expect(over.body.code).toBe('rate_limited');
  });
});

describe('page views configuration', () => {
  it('is off without ANALYTICS_ENDPOINT; the domain defaults to the public host', () => {
    expect(analyticsTargetOf({ PUBLIC_ORIGIN: ORIGIN })).toBeUndefined();
    expect(analyticsTargetOf({ PUBLIC_ORIGIN: ORIGIN, ANALYTICS_ENDPOINT: 'https://stats.example/api/event' })).toEqual(
      { endpoint: 'https://stats.example/api/event', domain: 'ferry.example' },
    );
  });

  it('GET /api/config names the analytics domain only when counting is on', async () => {
    const { default: express } = await import('express');
    const on = express().use(
      '/api',
      publicConfigRoutes({
        driveRootUrl: 'http://d',
        uploadFolderThresholdBytes: 1,
        analytics: { domain: 'ferry.example' },
      }),
    );
    expect((await request(on).get('/api/config')).body.analytics).toEqual({ domain: 'ferry.example' });
    const off = express().use('/api', publicConfigRoutes({ driveRootUrl: 'http://d', uploadFolderThresholdBytes: 1 }));
    expect((await request(off).get('/api/config')).body).not.toHaveProperty('analytics');
  });

  it('sanitizePageView keeps only counted fields', () => {
    expect(
      sanitizePageView({ n: 'pageview', u: `${ORIGIN}/alice@example.com?lng=de`, r: `${ORIGIN}/faq` }, target, ORIGIN),
    ).toEqual({ n: 'pageview', u: `${ORIGIN}/404?lng=de`, d: 'ferry.example', r: null });
    expect(sanitizePageView({ n: 'pageview', u: 'http://ferry.example/' }, target, ORIGIN)).toBeUndefined();
  });
});
