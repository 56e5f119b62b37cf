import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import { LinkStatus } from '@ferry/contracts/link/v1';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadCounter } from './download-counter.js';
import type { GuardedDownloads } from './guarded-download.js';
import { LinkCache } from './link-cache.js';
import { NotFoundLimiter } from './not-found-limiter.js';
import { downloadRedirect } from './redirect.js';

const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const WINDOW = 600_000;

// /api/d/{slug} over HTTP while the link service is down: cached links redirect, expired ones are
// 410 by their cached expiry, links not cached are 503 (never 500).
describe('download redirect while the link service is down', () => {
  const state = { now: 0, down: false, expiresAtMs: new Map<string, number>() };
  const counted: string[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const cache = new LinkCache({
      now: () => state.now,
      staleWindowMs: WINDOW,
      resolve: async (slug) => {
        if (state.down)
          throw Object.assign(new Error('connect ECONNREFUSED'), {
            code: GrpcStatus.UNAVAILABLE,
            details: '',
            metadata: new Metadata(),
          });
        const expiresAt = new Date(state.expiresAtMs.get(slug) ?? Date.now() + 3_600_000);
        return {
          link: {
            slug,
            driveFileId: FILE_ID,
            ownerEmail: 'a@b.c',
            ownerSubdomain: 'a',
            fileName: 'f',
            sizeBytes: '1',
            expiresAt,
            downloadCount: '0',
            status: LinkStatus.LINK_STATUS_ACTIVE,
          },
        };
      },
    });
    const redirect = downloadRedirect({
      cache,
      counter: { add: async (slug: string) => void counted.push(slug) } as unknown as DownloadCounter,
      limiter: new NotFoundLimiter(),
      clientAddress: () => '127.0.0.1',
      drive: { downloadOrigin: 'http://drive.test', directOrigin: 'http://drive.test', scanThresholdBytes: 1e12 },
      logger: pino({ level: 'silent' }),
      isDraining: () => false,
    });
    server = http.createServer((req, res) => void (redirect(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (slug: string) => {
    const res = await fetch(`${base}/api/d/${slug}`, { redirect: 'manual' });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: res.status === 302 ? undefined : ((await res.json()) as { code: string }),
    };
  };

  it('keeps redirecting cached links, refuses expired ones by their cached expiry, and answers 503 for the rest', async () => {
    state.expiresAtMs.set('Expiring_01', Date.now() + 300);
    expect((await get('Cached_0001')).status).toBe(302);
    expect((await get('Expiring_01')).status).toBe(302);

    state.down = true; // SIGKILL
    state.now += 60_000; // long past every TTL and grace period, within the stale window
    for (let i = 0; i < 20; i++) expect((await get('Cached_0001')).status).toBe(302);
    await new Promise((r) => setTimeout(r, Math.max(0, state.expiresAtMs.get('Expiring_01')! - Date.now() + 10)));
    expect(await get('Expiring_01')).toMatchObject({ status: 410, body: { code: 'gone' } });
    expect(await get('NotCached01')).toEqual({
      status: 503,
      retryAfter: '5',
      body: { code: 'upstream_unavailable', error: 'Upstream service unavailable' },
    });

    state.now += WINDOW; // not confirmed for longer than the window: no longer trusted
    expect(await get('Cached_0001')).toMatchObject({ status: 503, body: { code: 'upstream_unavailable' } });
    expect(counted.filter((s) => s === 'Cached_0001')).toHaveLength(21);
  });
});

// Links with a password or a download limit are claimed at the link service per download: while it
// is down they answer 503 with Retry-After too, and HEAD answers what GET would.
describe('guarded links: outages and HEAD', () => {
  const state = { down: false, downloads: 0 };
  const outage = () =>
    Object.assign(new Error('connect ECONNREFUSED'), {
      code: GrpcStatus.UNAVAILABLE,
      details: '',
      metadata: new Metadata(),
    });
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const cache = new LinkCache({
      resolve: async (slug) => ({
        link: {
          slug,
          driveFileId: FILE_ID,
          ownerEmail: 'a@b.c',
          ownerSubdomain: 'a',
          fileName: 'f',
          sizeBytes: '1',
          expiresAt: new Date(Date.now() + 3_600_000),
          downloadCount: '0',
          status: LinkStatus.LINK_STATUS_ACTIVE,
          ...(slug.startsWith('Secret') ? { passwordProtected: true } : { downloadLimit: '1' }),
        },
      }),
    });
    const guarded: GuardedDownloads = {
      async claim(code) {
        if (state.down) throw outage();
        if (code.startsWith('Secret')) return { kind: 'password' };
        return state.downloads++ < 1
          ? { kind: 'redirect', location: `http://drive.test/uc?id=${FILE_ID}` }
          : { kind: 'gone', reason: 'limit' };
      },
      async preview(code) {
        if (state.down) throw outage();
        if (code.startsWith('Secret')) return { kind: 'password' };
        return state.downloads >= 1 ? { kind: 'gone', reason: 'limit' } : { kind: 'open' };
      },
    };
    const redirect = downloadRedirect({
      cache,
      counter: { add: async () => undefined } as unknown as DownloadCounter,
      limiter: new NotFoundLimiter(),
      clientAddress: () => '127.0.0.1',
      drive: { downloadOrigin: 'http://drive.test', directOrigin: 'http://drive.test', scanThresholdBytes: 1e12 },
      logger: pino({ level: 'silent' }),
      isDraining: () => false,
      guarded,
    });
    server = http.createServer((req, res) => void (redirect(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = async (method: 'GET' | 'HEAD', slug: string) => {
    const res = await fetch(`${base}/api/d/${slug}`, { method, redirect: 'manual' });
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: text ? (JSON.parse(text) as { code: string; reason?: string }) : undefined,
    };
  };

  it('HEAD answers as GET does: 401 for a password, 200 while downloads are left, 410 once used up', async () => {
    expect((await ask('HEAD', 'Secret_0001')).status).toBe(401);
    expect((await ask('GET', 'Secret_0001')).status).toBe(401);
    expect((await ask('HEAD', 'Limited_001')).status).toBe(200);
    expect((await ask('GET', 'Limited_001')).status).toBe(302);
    expect(await ask('GET', 'Limited_001')).toMatchObject({ status: 410, body: { code: 'gone', reason: 'limit' } });
    expect(await ask('HEAD', 'Limited_001')).toMatchObject({ status: 410 });
  });

  it('answers 503 with Retry-After for a protected and a limited link while the link service is down', async () => {
    state.down = true;
    for (const method of ['GET', 'HEAD'] as const)
      for (const slug of ['Secret_0001', 'Limited_002'])
        expect(await ask(method, slug), `${method} ${slug}`).toMatchObject({
          status: 503,
          retryAfter: '5',
          ...(method === 'GET' ? { body: { code: 'upstream_unavailable' } } : {}),
        });
    state.down = false;
  });
});
