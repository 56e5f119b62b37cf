import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRedis, waitFor, type RunningServer } from '@ferry/testkit';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '@ferry/service-kit';
import { createApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { createBackends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { clientAddress } from '../src/http/client-address.js';
import { createGatewayMetrics } from '../src/http/metrics.js';
import { startLinkFeatures, type LinkFeatures } from '../src/links/features.js';
import { startFakeLink } from './fake-link.js';
import { silentLogger } from './helpers.js';
import { gatewaySigner } from './backend-policies.js';

/**
 * Two gateway replicas sharing one Redis behind a load balancer at 127.0.0.1 that sends
 * X-Request-ID, the same on a GET it sends again to the other replica after the first one died.
 */
const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SLUG = 'Once_slug_01';

interface Replica {
  server: http.Server;
  features: LinkFeatures;
  registry: Registry;
  stop(): Promise<void>;
}

async function startReplica(linkPort: number, redisUrl: string): Promise<Replica> {
  const addr = `127.0.0.1:${linkPort}`;
  const config = {
    GRPC_DEADLINE_MS: 2_000,
    PUBLIC_ORIGIN: 'http://ferry.test',
    DRIVE_DOWNLOAD_ORIGIN: 'http://drive.test',
    DRIVE_SCAN_THRESHOLD_BYTES: 1000,
    TRUSTED_PROXIES: ['127.0.0.1/32'],
  } as GatewayConfig;
  const redis: ReturnType<typeof createClient> = createClient({ url: redisUrl });
  redis.on('error', () => undefined);
  await redis.connect();
  const backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
  const logger = silentLogger();
  const registry = new Registry();
  const features = startLinkFeatures(config, backends, redis, logger, () => false, createGatewayMetrics(registry))!;
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
  return {
    server,
    features,
    registry,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await features.stop();
      backends.close();
      redis.destroy();
    },
  };
}

/** A GET through the load balancer: the visitor in X-Forwarded-For, the balancer's request id if any. */
function get(replica: Replica, path: string, visitor: string, requestId?: string): Promise<number> {
  const { port } = replica.server.address() as AddressInfo;
  const headers: Record<string, string> = { 'x-forwarded-for': visitor };
  if (requestId) headers['x-request-id'] = requestId;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

let redis: RunningServer;
let fake: Awaited<ReturnType<typeof startFakeLink>>;
let a: Replica;
let b: Replica;

beforeAll(async () => {
  redis = await startRedis();
  fake = await startFakeLink();
  fake.rows.set(SLUG, {
    slug: SLUG,
    driveFileId: FILE_ID,
    ownerSub: 'sub-ann',
    ownerEmail: 'ann@example.com',
    sizeBytes: 10,
    expiresAt: new Date(Date.now() + 86_400_000),
    count: 0,
  });
  [a, b] = await Promise.all([startReplica(fake.port, redis.url), startReplica(fake.port, redis.url)]);
}, 30_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await fake?.stop();
  await redis?.stop();
});

/** Both replicas delivered everything they counted, and the link's persisted count is `n`. */
async function persisted(n: number): Promise<void> {
  await waitFor(
    `a persisted count of ${n}`,
    async () => {
      await Promise.all([a.features.counter.flush(), b.features.counter.flush()]);
      return (
        a.features.counter.unacknowledged === 0 &&
        b.features.counter.unacknowledged === 0 &&
        fake.rows.get(SLUG)!.count === n
      );
    },
    10_000,
  );
  expect(fake.rows.get(SLUG)!.count).toBe(n);
}

describe('one download per request id, across two gateways sharing Redis', () => {
  it('counts a GET the load balancer sent again to the other gateway once', async () => {
    // gateway a counted the request (its 302 was lost with it); the balancer resends it to b.
    expect(await get(a, `/api/d/${SLUG}`, '198.51.100.20', 'req-retried-1')).toBe(302);
    expect(await get(b, `/api/d/${SLUG}`, '198.51.100.20', 'req-retried-1')).toBe(302);
    // The Express route counts by the same rule.
    expect(await get(b, `/api/download?id=${SLUG}`, '198.51.100.20', 'req-retried-1')).toBe(302);
    await persisted(1);
    expect(a.features.counter.repeats + b.features.counter.repeats).toBe(2);
    // What the drill reads from each gateway's /metrics.
    const repeats = async (r: Replica) =>
      Number(/^ferry_gateway_download_repeats_total (\d+)$/m.exec(await r.registry.metrics())?.[1]);
    expect((await repeats(a)) + (await repeats(b))).toBe(2);
  });

  it('counts other requests as before: new ids, the same id from another visitor, and requests without an id', async () => {
    const before = fake.rows.get(SLUG)!.count;
    const statuses = await Promise.all([
      get(a, `/api/d/${SLUG}`, '198.51.100.21', 'req-new-1'),
      get(b, `/api/d/${SLUG}`, '198.51.100.21', 'req-new-2'),
      get(b, `/api/d/${SLUG}`, '198.51.100.22', 'req-new-1'),
      get(a, `/api/d/${SLUG}`, '198.51.100.21'),
      get(a, `/api/d/${SLUG}`, '198.51.100.21'),
      // Not a safe id (a space): ignored, so counted like a request without one.
      get(b, `/api/d/${SLUG}`, '198.51.100.21', 'not safe'),
      get(b, `/api/d/${SLUG}`, '198.51.100.21', 'not safe'),
    ]);
    expect(statuses).toEqual(Array(7).fill(302));
    await persisted(before + 7);
  });
});
