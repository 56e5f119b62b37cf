import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { startLinkFeatures, type LinkFeatures } from '../src/links/features.js';
import { startFakeLink } from './fake-link.js';
import { rawGet, silentLogger } from './helpers.js';
import { gatewaySigner } from './backend-policies.js';

const DRIVE = 'http://drive.test:4100';
const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** Stands in for requireAuth: `Bearer tok-<name>` is the user <name>. */
const fakeAuth: RequestHandler = (req, res, next) => {
  const m = /^Bearer tok-([a-z]+)$/.exec(req.headers.authorization ?? '');
  if (!m) {
    res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
    return;
  }
  req.auth = {
    sub: `sub-${m[1]}`,
    email: `${m[1]}@example.com`,
    token: `drive-${m[1]}`,
    identity: { sub: `sub-${m[1]}`, email: `${m[1]}@example.com` } as never,
  };
  next();
};

interface TestGateway {
  server: http.Server;
  features: LinkFeatures;
  backends: Backends;
  stop(): Promise<void>;
}

async function startTestGateway(linkPort: number): Promise<TestGateway> {
  const addr = `127.0.0.1:${linkPort}`;
  const config = {
    GRPC_DEADLINE_MS: 2_000,
    PUBLIC_ORIGIN: 'http://ferry.test',
    DRIVE_DOWNLOAD_ORIGIN: DRIVE,
    DRIVE_DIRECT_DOWNLOAD_ORIGIN: undefined,
    DRIVE_SCAN_THRESHOLD_BYTES: 1000,
  } as GatewayConfig;
  const backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
  const logger = silentLogger();
  const features = startLinkFeatures(config, backends, undefined, logger, () => false)!;
  const app = createApp({
    logger,
    health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
    backends,
    grpcDeadlineMs: 2_000,
    links: { ...features.routeDeps, authenticate: fakeAuth },
  });
  const server = http.createServer((req, res) => void (features.redirect(req, res) || app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await waitUntil(() => features.cache.isLive(), 5_000);
  return {
    server,
    features,
    backends,
    stop: async () => {
      await new Promise((r) => server.close(r));
      await features.stop();
      backends.close();
    },
  };
}

async function waitUntil(cond: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 20): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

function get(server: http.Server, path: string): Promise<{ status: number; location?: string; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', agent: keepAlive }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 50 });

let fake: Awaited<ReturnType<typeof startFakeLink>>;
let gw: TestGateway;
let gw2: TestGateway;

const addRow = (
  slug: string,
  over: Partial<{ driveFileId: string; ownerSub: string; sizeBytes: number; expiresAt: Date; deleted: boolean }> = {},
) =>
  fake.rows.set(slug, {
    slug,
    driveFileId: FILE_ID,
    ownerSub: 'sub-ann',
    ownerEmail: 'ann@example.com',
    sizeBytes: 10,
    expiresAt: new Date(Date.now() + 86_400_000),
    count: 0,
    ...over,
  });

beforeAll(async () => {
  fake = await startFakeLink();
  gw = await startTestGateway(fake.port);
  gw2 = await startTestGateway(fake.port);
});

afterAll(async () => {
  await gw?.stop();
  await gw2?.stop();
  await fake?.stop();
  keepAlive.destroy();
});

describe('GET /api/d/{slug}', () => {
  it('redirects to the public download URL on the drive host, small files to /uc and large ones past the scan page', async () => {
    addRow('Small_slug1');
    addRow('Large_slug1', { sizeBytes: 5_000 });
    const small = await get(gw.server, '/api/d/Small_slug1');
    expect(small.status).toBe(302);
    expect(small.location).toBe(`${DRIVE}/uc?id=${FILE_ID}&export=download`);
    const large = await get(gw.server, '/api/d/Large_slug1?x=1');
    expect(large.location).toBe(`${DRIVE}/download?id=${FILE_ID}&export=download&confirm=t`);
  });

  it('counts a burst exactly, in batches, also when an acknowledgement is lost', async () => {
    addRow('Burst_slug1');
    for (let i = 0; i < 10; i++) addRow(`Burst_many${i}`);
    fake.loseNextAck.n = 1;
    const before = fake.batches.size;
    const paths = [
      ...Array.from({ length: 400 }, () => '/api/d/Burst_slug1'),
      ...Array.from({ length: 100 }, (_, i) => `/api/d/Burst_many${i % 10}`),
    ];
    const answers = await Promise.all(paths.map((p) => get(gw.server, p)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    await waitUntil(
      () => gw.features.counter.unacknowledged === 0 && fake.rows.get('Burst_slug1')!.count === 400,
      10_000,
    );
    expect(fake.rows.get('Burst_slug1')!.count).toBe(400);
    for (let i = 0; i < 10; i++) expect(fake.rows.get(`Burst_many${i}`)!.count).toBe(10);
    // Far fewer batches than downloads: counting is off the request path.
    expect(fake.batches.size - before).toBeLessThan(50);
    const owner = await request(gw.server).get('/api/s?dl=1&slug=Burst_slug1&ts=1');
    expect(owner.body).toMatchObject({ count: 400, downloads: 400 });
  });

  it('sends a batch of thousands of links as 1,000-link messages, each counted once also after a lost acknowledgement', async () => {
    const slugs = Array.from({ length: 2_500 }, (_, i) => `Many_${String(i).padStart(6, '0')}`);
    for (const slug of slugs) addRow(slug);
    await gw.features.counter.flush();
    const before = new Set(fake.batches);
    fake.loseNextAck.n = 1;
    for (const slug of slugs) {
      gw.features.counter.add(slug);
      gw.features.counter.add(slug);
    }
    await waitUntil(async () => {
      await gw.features.counter.flush();
      return gw.features.counter.unacknowledged === 0;
    }, 10_000);
    expect(slugs.every((s) => fake.rows.get(s)!.count === 2)).toBe(true);
    const ids = [...fake.batches].filter((id) => !before.has(id));
    expect(ids).toHaveLength(3);
    expect(ids.map((id) => id.split('.').at(-1)).sort()).toEqual(['0', '1', '2']);
  });

  it('answers 410 within 1 s of expiry although the link is cached, and probe=1 is 204 only while live', async () => {
    const expiresAt = new Date(Date.now() + 1_500);
    addRow('Expiring_01', { expiresAt });
    expect((await get(gw.server, '/api/d/Expiring_01')).status).toBe(302);
    expect((await request(gw.server).get('/api/s?slug=Expiring_01&probe=1')).status).toBe(204);
    const calls = fake.resolveCalls.n;
    await waitUntil(async () => (await get(gw.server, '/api/d/Expiring_01')).status === 410, 5_000, 25);
    expect(Date.now() - expiresAt.getTime()).toBeLessThan(1_000);
    expect(fake.resolveCalls.n).toBe(calls); // answered from the cache
    const expired = await request(gw.server).get('/api/s?slug=Expiring_01&probe=1');
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'gone', reason: 'expired' });
    expect(JSON.parse((await get(gw.server, '/api/d/Expiring_01')).body)).toMatchObject({
      code: 'gone',
      reason: 'expired',
    });
    expect((await request(gw.server).get('/api/s?slug=Nothing_here&probe=1')).status).toBe(404);
    addRow('Deleted_001', { deleted: true });
    const removed = await request(gw.server).get('/api/s?slug=Deleted_001&probe=1');
    expect(removed.status).toBe(410);
    expect(removed.body).toMatchObject({ code: 'gone', reason: 'removed' });
    const redirect = await get(gw.server, '/api/d/Deleted_001');
    expect(redirect.status).toBe(410);
    expect(JSON.parse(redirect.body)).toMatchObject({ code: 'gone', reason: 'removed' });
  });

  it('its JSON answers carry the API headers of every other API answer (deny-all CSP, X-Frame-Options DENY)', async () => {
    addRow('Gone_link01', { deleted: true });
    for (const path of ['/api/d/Gone_link01', '/api/d/No_such_lnk', '/api/d/%00bad']) {
      const res = await request(gw.server).get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('drops a changed link from every gateway within 5 s (deletion through the owner route)', async () => {
    addRow('Shared_link');
    expect((await get(gw2.server, '/api/d/Shared_link')).status).toBe(302);
    expect(
      (
        await request(gw.server)
          .delete('/api/shorten')
          .set('Authorization', 'Bearer tok-bob')
          .send({ slug: 'Shared_link' })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(gw.server)
          .delete('/api/shorten')
          .set('Authorization', 'Bearer tok-ann')
          .send({ slug: 'Shared_link' })
      ).status,
    ).toBe(204);
    const started = Date.now();
    await waitUntil(async () => (await get(gw2.server, '/api/d/Shared_link')).status === 410, 5_000, 50);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('extends owner-only, one day at most, and the new expiry is served', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    addRow('Extend_me01', { expiresAt });
    expect(
      (
        await request(gw.server)
          .patch('/api/shorten')
          .set('Authorization', 'Bearer tok-bob')
          .send({ slug: 'Extend_me01' })
      ).status,
    ).toBe(404);
    expect((await request(gw.server).patch('/api/shorten').send({ slug: 'Extend_me01' })).status).toBe(401);
    const ok = await request(gw.server)
      .post('/api/shorten/update')
      .set('Authorization', 'Bearer tok-ann')
      .send({ slug: 'Extend_me01', expiresAt: '2099-01-01T00:00:00Z' });
    expect(ok.status).toBe(200);
    expect(new Date(ok.body.expiresAt).getTime()).toBe(expiresAt.getTime() + 86_400_000);
  });
});

describe('hostile input', () => {
  const hostilePaths = [
    '/api/d/../../etc/passwd',
    '/api/d/..%2F..%2Fetc',
    '/api/d/abc%2Fdefgh1',
    '/api/d/%C3%BCn%C3%AFc%C3%B6d%C3%A9',
    `/api/d/${'A'.repeat(10_000)}`,
    '/api/d/uc',
    '/api/d/',
    '/api/d/https:%2F%2Fevil.example.com',
    '/api/d/AbCdEfGh/../../x',
    '/api/download?id=https://evil.example.com/x',
    '/api/download?id=//evil.example.com',
    '/api/resolve?id=../../etc',
    `/api/resolve?id=${'x'.repeat(10_000)}`,
    '/api/size?id=http://evil.example.com',
    '/api/s?slug=%00%00%00%00%00%00%00%00&probe=1',
    '/api/s?slug=AbCdEfGh12',
    '/api/s?slug[]=a&probe=1',
  ];

  it.each(hostilePaths)('%s → 4xx JSON, no Location', async (path) => {
    const res = await rawGet(gw.server, path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body)).toHaveProperty('error');
  });

  it('refuses URLs as file ids and other users\u2019 files and links', async () => {
    const auth = { Authorization: 'Bearer tok-ann' };
    expect(
      (await request(gw.server).post('/api/shorten').set(auth).send({ fileId: 'https://evil.example.com/file' }))
        .status,
    ).toBe(400);
    expect(
      (
        await request(gw.server)
          .post('/api/shorten')
          .set(auth)
          .send({ fileId: { $gt: '' } })
      ).status,
    ).toBe(400);
    expect(
      (await request(gw.server).post('/api/shorten').set(auth).send({ fileId: '0SomeoneElsesFile1234' })).status,
    ).toBe(404);
    expect((await request(gw.server).post('/api/shorten').send({ fileId: FILE_ID })).status).toBe(401);
    addRow('Anns_link_1');
    expect(
      (await request(gw.server).post('/api/s?slug=Anns_link_1&invalidate=1').set('Authorization', 'Bearer tok-bob'))
        .status,
    ).toBe(404);
    const made = await request(gw.server).post('/api/shorten').set(auth).send({ fileId: FILE_ID, fileName: 'x' });
    expect(made.status).toBe(201);
    // ferry.test can have subdomains, so the link handed out is on ann's own (SUBDOMAIN_LINKS unset = on).
    expect(made.body).toMatchObject({
      shortUrl: `http://ann.ferry.test/${made.body.shortId}`,
      ownerSubdomain: 'ann',
      owner_subdomain: 'ann',
    });
  });

  it("serves a sender's host only that sender's links; the root host serves every link", async () => {
    addRow('Anns_host_1');
    fake.rows.set('Bobs_host_1', {
      ...fake.rows.get('Anns_host_1')!,
      slug: 'Bobs_host_1',
      ownerSub: 'sub-bob',
      ownerEmail: 'bob@example.com',
    });
    const on = (host: string, path: string) => request(gw.server).get(path).set('Host', host);
    expect((await on('ann.ferry.test', '/api/d/Anns_host_1')).status).toBe(302);
    expect((await on('ann.ferry.test', '/api/d/Bobs_host_1')).status).toBe(404);
    expect((await on('bob.ferry.test', '/api/d/Bobs_host_1')).status).toBe(302);
    expect((await on('ann.ferry.test', '/api/s?slug=Bobs_host_1&probe=1')).status).toBe(404);
    expect((await on('ann.ferry.test', '/api/s?slug=Bobs_host_1&meta=1')).status).toBe(404);
    expect((await on('ann.ferry.test', '/api/download?id=Bobs_host_1')).status).toBe(404);
    expect((await on('ann.ferry.test', '/api/resolve?id=Anns_host_1')).status).toBe(200);
    for (const slug of ['Anns_host_1', 'Bobs_host_1']) {
      expect((await on('ferry.test', `/api/d/${slug}`)).status).toBe(302);
      expect((await on('www.ferry.test', `/api/s?slug=${slug}&probe=1`)).status).toBe(204);
    }
  });

  it('never sends a Location outside the drive host', async () => {
    addRow('Good_slug_1');
    const answers = await Promise.all(
      ['/api/d/Good_slug_1', '/api/download?id=Good_slug_1', ...hostilePaths].map((p) => rawGet(gw.server, p)),
    );
    for (const a of answers) {
      if (a.headers.location !== undefined) expect(a.headers.location.startsWith(`${DRIVE}/`)).toBe(true);
      expect(a.status).toBeLessThan(500);
    }
  });
});

describe('404 probing', () => {
  it('is rate-limited per client: after 30 unknown slugs every look-up answers 429', async () => {
    const own = await startTestGateway(fake.port);
    try {
      addRow('Known_slug1');
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await get(own.server, `/api/d/Unknown${String(i).padStart(4, '0')}`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      const known = await rawGet(own.server, '/api/d/Known_slug1');
      expect(known.status).toBe(429);
      expect(known.headers['retry-after']).toBeDefined();
      expect((await request(own.server).get('/api/s?slug=Known_slug1&probe=1')).status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});

describe('a link service that cannot be reached', () => {
  it('answers 503 with Retry-After on both download routes, never a 502', async () => {
    const doomed = await startFakeLink();
    const own = await startTestGateway(doomed.port);
    await doomed.stop();
    try {
      for (const path of ['/api/d/Unknown_0001', '/api/download?id=Unknown_0002']) {
        const res = await rawGet(own.server, path);
        expect([path, res.status]).toEqual([path, 503]);
        expect(res.headers['retry-after']).toBe('5');
        expect(JSON.parse(res.body).code).toBe('upstream_unavailable');
      }
    } finally {
      await own.stop();
    }
  });
});

/** A LinkCache on a hand-moved clock (`state.now`), live, whose resolver counts its calls. */
async function cacheOnClock(opts: { liveTtlMs?: number; size?: (calls: number) => number } = {}) {
  const { LinkCache } = await import('../src/links/link-cache.js');
  const state = { now: 0, calls: 0 };
  const cache = new LinkCache({
    now: () => state.now,
    liveTtlMs: opts.liveTtlMs,
    resolve: async (slug) => {
      state.calls++;
      const sizeBytes = String(opts.size?.(state.calls) ?? 1);
      return {
        link: {
          slug,
          driveFileId: FILE_ID,
          ownerEmail: 'a@b.c',
          ownerSubdomain: 'a',
          fileName: 'f',
          sizeBytes,
          expiresAt: new Date(Date.now() + 60_000),
          downloadCount: '0',
          status: 1,
        },
      };
    },
  });
  cache.setLive(true);
  return { cache, state };
}

describe('LinkCache', () => {
  it('serves a stale entry while live and refreshes it in the background', async () => {
    const { cache, state } = await cacheOnClock({ liveTtlMs: 1_000, size: (calls) => calls });
    expect(await cache.get('Stale_slug1')).toMatchObject({ sizeBytes: 1 });
    state.now = 1_500;
    expect(cache.peek('Stale_slug1')).toMatchObject({ sizeBytes: 1 }); // stale, served
    await waitUntil(() => state.calls === 2, 1_000);
    await waitUntil(() => (cache.peek('Stale_slug1') as { sizeBytes: number } | undefined)?.sizeBytes === 2, 1_000);
    cache.setLive(false);
    state.now = 10_000;
    expect(cache.peek('Stale_slug1')).toBeUndefined(); // not live: 2 s hard limit
  });

  it('does not refresh entries stored together all at once (TTL of 80-100 % each)', async () => {
    const { cache, state } = await cacheOnClock({ liveTtlMs: 1_000 });
    const codes = Array.from({ length: 200 }, (_, i) => `Spread_${String(i).padStart(4, '0')}`);
    for (const c of codes) await cache.get(c);
    state.calls = 0;
    state.now = 790;
    for (const c of codes) expect(cache.peek(c)).toBeDefined();
    expect(state.calls).toBe(0);
    state.now = 850; // a quarter of the entries are past their TTL
    for (const c of codes) cache.peek(c);
    await waitUntil(() => state.calls > 0, 1_000);
    expect(state.calls).toBeGreaterThan(10);
    expect(state.calls).toBeLessThan(120);
  });
});

describe('LinkCache across a stream reconnect', () => {
  it('keeps entries over a reconnect, serving each once while it is revalidated, and drops unconfirmed ones after the grace', async () => {
    let size = 1;
    const { cache, state } = await cacheOnClock({ size: () => size });
    await cache.get('Reconnect_1');
    await cache.get('Reconnect_2');
    state.now = 10_000;
    cache.setLive(false); // max_connection_age: the stream drops…
    state.now = 10_200;
    size = 2; // …a change is missed meanwhile…
    cache.setLive(true); // …and it is back
    expect(cache.peek('Reconnect_1')).toMatchObject({ sizeBytes: 1 }); // served once, revalidating
    await waitUntil(() => (cache.peek('Reconnect_1') as { sizeBytes: number } | undefined)?.sizeBytes === 2, 1_000);
    state.now = 14_000; // past the grace: the unconfirmed entry is not trusted any more
    expect(cache.peek('Reconnect_2')).toBeUndefined();
    expect(cache.peek('Reconnect_1')).toMatchObject({ sizeBytes: 2 });
    expect(state.calls).toBe(3);
  });
});

describe('LinkCache resumed stream', () => {
  it('keeps trusting entries when the link service replayed what the gateway missed', async () => {
    const { cache, state } = await cacheOnClock();
    await cache.get('Resumed_123');
    state.now = 10_000;
    cache.setLive(false);
    state.now = 10_100;
    cache.setLive(true, { resumed: true });
    state.now = 20_000;
    expect(cache.peek('Resumed_123')).toMatchObject({ found: true });
    expect(state.calls).toBe(1);
  });
});
