import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffDelay } from '@ferry/rules';
import { startRedis, waitFor, type RunningServer } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { createBackends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { clientAddress } from '../src/http/client-address.js';
import { startLinkFeatures } from '../src/links/features.js';
import { startFakeLink } from './fake-link.js';
import { silentLogger } from './helpers.js';
import { gatewaySigner } from './backend-policies.js';

/**
 * Two gateway replicas sharing one Redis behind one ingress: requests come from 127.0.0.1 (the
 * trusted proxy) carrying the visitor in X-Forwarded-For, or from 127.0.0.2 (an untrusted peer).
 */
const PROXY = '127.0.0.1';
const UNTRUSTED_PEER = '127.0.0.2';
const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const KNOWN = 'Known_slug_1';

interface Replica {
  server: http.Server;
  stop(): Promise<void>;
}

async function startReplica(linkPort: number, redisUrl: string): Promise<Replica> {
  const addr = `127.0.0.1:${linkPort}`;
  const config = {
    GRPC_DEADLINE_MS: 2_000,
    PUBLIC_ORIGIN: 'http://ferry.test',
    DRIVE_DOWNLOAD_ORIGIN: 'http://drive.test',
    DRIVE_SCAN_THRESHOLD_BYTES: 1000,
    TRUSTED_PROXIES: [`${PROXY}/32`],
  } as GatewayConfig;
  // As in gateway.ts: one client per replica, reconnecting with backoff.
  const redis: ReturnType<typeof createClient> = createClient({
    url: redisUrl,
    socket: { connectTimeout: 2_000, reconnectStrategy: (n) => backoffDelay(n, { baseMs: 50, maxMs: 1_000 }) },
  });
  redis.on('error', () => undefined);
  await redis.connect();
  const backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
  const logger = silentLogger();
  const features = startLinkFeatures(config, backends, redis, logger, () => false)!;
  const app = createApp({
    logger,
    health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
    backends,
    grpcDeadlineMs: 2_000,
    trustProxy: clientAddress(config.TRUSTED_PROXIES!).trust,
    links: { ...features.routeDeps, authenticate: (_req, res) => void res.status(401).end() },
  });
  const server = http.createServer((req, res) => void (features.redirect(req, res) || app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await waitFor('the invalidation stream', async () => features.cache.isLive(), 5_000);
  return {
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await features.stop();
      backends.close();
      redis.destroy();
    },
  };
}

interface Answer {
  status: number;
  retryAfter?: string;
}

/** One request on a fresh connection from `from`, with `visitor` as the proxy's X-Forwarded-For. */
function get(replica: Replica, path: string, visitor?: string, from = PROXY): Promise<Answer> {
  const { port } = replica.server.address() as AddressInfo;
  const headers: Record<string, string> = visitor ? { 'x-forwarded-for': `6.6.6.6, ${visitor}` } : {};
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

const unknown = (tag: string, i: number) => `Unk${tag}${String(i).padStart(5, '0')}`;

let redis: RunningServer;
let fake: Awaited<ReturnType<typeof startFakeLink>>;
let a: Replica;
let b: Replica;
let probe: ReturnType<typeof createClient>;

beforeAll(async () => {
  redis = await startRedis();
  fake = await startFakeLink();
  fake.rows.set(KNOWN, {
    slug: KNOWN,
    driveFileId: FILE_ID,
    ownerSub: 'sub-ann',
    ownerEmail: 'ann@example.com',
    sizeBytes: 10,
    expiresAt: new Date(Date.now() + 86_400_000),
    count: 0,
  });
  [a, b] = await Promise.all([startReplica(fake.port, redis.url), startReplica(fake.port, redis.url)]);
  probe = createClient({ url: redis.url });
  probe.on('error', () => undefined);
  await probe.connect();
  // The existing link is in both replicas' memory: later answers for it are cache hits.
  expect((await get(a, `/api/d/${KNOWN}`, '192.0.2.1')).status).toBe(302);
  expect((await get(b, `/api/d/${KNOWN}`, '192.0.2.1')).status).toBe(302);
}, 30_000);

afterAll(async () => {
  probe?.destroy();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await fake?.stop();
  await redis?.stop();
});

describe('the not-found budget behind a trusted proxy, shared by two gateways', () => {
  it('blocks one visitor after 30 unknown slugs spread over both replicas, and nobody else behind the proxy', async () => {
    const visitor = '198.51.100.10';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await get(i % 2 === 0 ? a : b, `/api/d/${unknown('A', i)}`, visitor)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    expect(await probe.get(`ferry:gateway:not-found:${visitor}`)).toBe('31');

    // Every look-up of that visitor now answers 429 on both replicas, an existing link too, and
    // on a cache hit (the replica that did not see the 31st miss learns it from the other one).
    for (const replica of [a, b]) {
      await waitFor(
        'the block to reach the replica',
        async () => (await get(replica, `/api/d/${KNOWN}`, visitor)).status === 429,
        5_000,
      );
      const blocked = await get(replica, `/api/d/${KNOWN}`, visitor);
      expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(60);
      expect((await get(replica, `/api/s?slug=${KNOWN}&probe=1`, visitor)).status).toBe(429);
      expect((await get(replica, `/api/resolve?id=${unknown('A', 99)}`, visitor)).status).toBe(429);
    }

    // Another visitor through the same proxy: unaffected on both replicas.
    for (const replica of [a, b]) {
      expect((await get(replica, `/api/d/${KNOWN}`, '198.51.100.11')).status).toBe(302);
      expect((await get(replica, `/api/d/${unknown('A', 100)}`, '198.51.100.11')).status).toBe(404);
      expect((await get(replica, `/api/s?slug=${KNOWN}&probe=1`, '198.51.100.11')).status).toBe(204);
    }
  });

  it('counts the Express look-ups in the same shared budget', async () => {
    const visitor = '2001:db8:77:1::5';
    const answers: Answer[] = [];
    for (let i = 0; i < 31; i++) {
      const path =
        i % 3 === 0
          ? `/api/s?slug=${unknown('E', i)}&probe=1`
          : i % 3 === 1
            ? `/api/resolve?id=${unknown('E', i)}`
            : `/api/d/${unknown('E', i)}`;
      answers.push(await get(i % 2 === 0 ? a : b, path, visitor));
    }
    expect(answers.slice(0, 30).map((x) => x.status)).toEqual(Array(30).fill(404));
    // The 31st (/api/s, through Express) is the 429, with the shared window's Retry-After.
    expect(answers[30]).toMatchObject({ status: 429 });
    expect(Number(answers[30]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(answers[30]!.retryAfter)).toBeLessThanOrEqual(60);
    // IPv6 visitors are counted per /64: another address of that network is the same visitor.
    await waitFor(
      'the block to reach both replicas',
      async () => (await get(b, `/api/d/${KNOWN}`, '2001:db8:77:1::9')).status === 429,
      5_000,
    );
    expect((await get(a, `/api/d/${KNOWN}`, '2001:db8:77:2::5')).status).toBe(302);
  });

  it("ignores an untrusted peer's X-Forwarded-For: the budget is the socket address's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await get(i % 2 === 0 ? a : b, `/api/d/${unknown('U', i)}`, `203.0.113.${i}`, UNTRUSTED_PEER)).status,
      );
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    expect(await probe.get(`ferry:gateway:not-found:${UNTRUSTED_PEER}`)).toBe('31');
    expect(await probe.exists('ferry:gateway:not-found:203.0.113.0')).toBe(0);
    await waitFor(
      'the block to reach both replicas',
      async () => (await get(b, `/api/d/${KNOWN}`, '203.0.113.200', UNTRUSTED_PEER)).status === 429,
      5_000,
    );
    expect((await get(a, `/api/d/${KNOWN}`, undefined, UNTRUSTED_PEER)).status).toBe(429);
    // The proxy's own visitors are not the untrusted peer.
    expect((await get(a, `/api/d/${KNOWN}`, '203.0.113.5')).status).toBe(302);
  });

  it('does not make a miss wait for a Redis that stopped answering', async () => {
    // Writes (the budget's script) hang for 3 s; the limiter gives Redis 500 ms, then counts in memory.
    await probe.sendCommand(['CLIENT', 'PAUSE', '3000', 'WRITE']);
    try {
      const started = Date.now();
      expect((await get(a, `/api/d/${unknown('P', 0)}`, '198.51.100.30')).status).toBe(404);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(450);
      expect(took).toBeLessThan(2_500);
      // A cached link waits for its download count in Redis at most 100 ms: answered while Redis hangs.
      const hitStarted = Date.now();
      expect((await get(a, `/api/d/${KNOWN}`, '198.51.100.30')).status).toBe(302);
      expect(Date.now() - hitStarted).toBeLessThan(400);
    } finally {
      await probe.sendCommand(['CLIENT', 'UNPAUSE']);
    }
  });

  it('keeps the limit per process with Redis down, and never answers 5xx', async () => {
    await redis.stop();
    const visitor = '198.51.100.20';
    const all: number[] = [];
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await get(a, `/api/d/${unknown('R', i)}`, visitor)).status);
    all.push(...statuses);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    const blocked = await get(a, `/api/d/${KNOWN}`, visitor);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBeDefined();
    all.push(blocked.status);
    for (const path of [`/api/s?slug=${KNOWN}&probe=1`, `/api/resolve?id=${unknown('R', 99)}`, `/api/d/${KNOWN}`]) {
      all.push((await get(a, path, visitor)).status, (await get(b, path, '198.51.100.21')).status);
    }
    // The other replica cannot hear of it: its own insurance counts from zero.
    all.push((await get(b, `/api/d/${unknown('R', 100)}`, visitor)).status);
    expect(all.at(-1)).toBe(404);
    expect(all.filter((s) => s >= 500)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
