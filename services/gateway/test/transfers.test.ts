import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { LinkStatsResponse, ShareInfoResponse } from '@ferry/http-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { startLinkFeatures, type LinkFeatures } from '../src/links/features.js';
import { startFakeLink } from './fake-link.js';
import { silentLogger } from './helpers.js';
import { gatewaySigner } from './backend-policies.js';

const DRIVE = 'http://drive.test:4100';
const FOLDER = '1TransferFolder_abcdefghijklmnop';
const FILES = [
  '1TransferFileA_abcdefghijklmnopq',
  '1TransferFileB_abcdefghijklmnopq',
  '1TransferFileC_abcdefghijklmnopq',
];

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

let fake: Awaited<ReturnType<typeof startFakeLink>>;
let server: http.Server;
let features: LinkFeatures;
let backends: Backends;

function get(path: string, method = 'GET'): Promise<{ status: number; location?: string; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitUntil(cond: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  fake = await startFakeLink();
  const addr = `127.0.0.1:${fake.port}`;
  const config = {
    GRPC_DEADLINE_MS: 2_000,
    PUBLIC_ORIGIN: 'http://ferry.test',
    DRIVE_DOWNLOAD_ORIGIN: DRIVE,
    DRIVE_DIRECT_DOWNLOAD_ORIGIN: undefined,
    DRIVE_SCAN_THRESHOLD_BYTES: 1000,
  } as GatewayConfig;
  backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
  const logger = silentLogger();
  features = startLinkFeatures(config, backends, undefined, logger, () => false)!;
  const app = createApp({
    logger,
    health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
    backends,
    grpcDeadlineMs: 2_000,
    links: { ...features.routeDeps, authenticate: fakeAuth },
  });
  server = http.createServer((req, res) => void (features.redirect(req, res) || app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await waitUntil(() => features.cache.isLive(), 5_000);
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await features?.stop();
  backends?.close();
  await fake?.stop();
});

describe('a transfer: one link for a folder upload', () => {
  it('POST /api/shorten with files makes one link for the folder; bad file ids are refused', async () => {
    const made = await request(server)
      .post('/api/shorten')
      .set('authorization', 'Bearer tok-ann')
      .send({ fileId: FOLDER, fileName: 'upload_3_files', files: FILES });
    expect(made.status).toBe(201);
    const slug = made.body.slug as string;
    expect(fake.rows.get(slug)?.files?.map((f) => f.driveFileId)).toEqual(FILES);
    const bad = await request(server)
      .post('/api/shorten')
      .set('authorization', 'Bearer tok-ann')
      .send({ fileId: FOLDER, files: ['not a drive id'] });
    expect(bad.status).toBe(400);
    const empty = await request(server)
      .post('/api/shorten')
      .set('authorization', 'Bearer tok-ann')
      .send({ fileId: FOLDER, files: [] });
    expect(empty.status).toBe(400);
  });

  it('share info lists the files with their own download URLs and no drive URL of the folder', async () => {
    fake.rows.set('Transfer_i1', {
      slug: 'Transfer_i1',
      driveFileId: FOLDER,
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      sizeBytes: 9,
      expiresAt: new Date(Date.now() + 86_400_000),
      count: 0,
      files: FILES.map((driveFileId) => ({ driveFileId, sizeBytes: 3, count: 0 })),
    });
    const info = await request(server).get('/api/s?slug=Transfer_i1&meta=1');
    expect(info.status).toBe(200);
    const body = ShareInfoResponse.parse(info.body);
    expect(body.directUrl).toBeUndefined();
    expect(body.files?.map((f) => [f.index, f.downloadUrl])).toEqual([
      [1, 'http://ferry.test/api/d/Transfer_i1/1'],
      [2, 'http://ferry.test/api/d/Transfer_i1/2'],
      [3, 'http://ferry.test/api/d/Transfer_i1/3'],
    ]);
  });

  it('GET /api/d/{slug}/{n} redirects to file n on the drive and counts it for the transfer and the file', async () => {
    fake.rows.set('Transfer_d1', {
      slug: 'Transfer_d1',
      driveFileId: FOLDER,
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      sizeBytes: 9,
      expiresAt: new Date(Date.now() + 86_400_000),
      count: 0,
      files: FILES.map((driveFileId) => ({ driveFileId, sizeBytes: 3, count: 0 })),
    });
    const second = await get('/api/d/Transfer_d1/2');
    expect(second.status).toBe(302);
    expect(second.location).toBe(`${DRIVE}/uc?id=${FILES[1]}&export=download`);
    for (const n of [1, 2, 3, 3]) expect((await get(`/api/d/Transfer_d1/${n}`)).status).toBe(302);
    // HEAD is not a download.
    expect((await get('/api/d/Transfer_d1/1', 'HEAD')).status).toBe(302);
    await waitUntil(() => fake.rows.get('Transfer_d1')!.count === 5, 5_000);
    await features.counter.flush();
    expect(fake.rows.get('Transfer_d1')!.files!.map((f) => f.count)).toEqual([1, 2, 2]);

    // The transfer itself is no file: its download page lists them.
    const bare = await get('/api/d/Transfer_d1');
    expect(bare.status).toBe(302);
    expect(bare.location).toBe('/r/Transfer_d1');
    for (const path of [
      '/api/d/Transfer_d1/4',
      '/api/d/Transfer_d1/0',
      '/api/d/Transfer_d1/01',
      '/api/d/Transfer_d1/x',
    ]) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'no_such_file' });
    }
    // A link to one file has no file 1.
    fake.rows.set('Single_ln1', {
      slug: 'Single_ln1',
      driveFileId: FILES[0]!,
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      sizeBytes: 3,
      expiresAt: new Date(Date.now() + 86_400_000),
      count: 0,
    });
    expect((await get('/api/d/Single_ln1/1')).status).toBe(404);
    expect((await get('/api/d/Single_ln1')).status).toBe(302);
    // /api/download cannot hand out a whole transfer.
    expect((await request(server).get('/api/download?id=Transfer_d1')).status).toBe(409);
  });

  it('a transfer that expired answers 410 for each file', async () => {
    fake.rows.set('Transfer_x1', {
      slug: 'Transfer_x1',
      driveFileId: FOLDER,
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      sizeBytes: 9,
      expiresAt: new Date(Date.now() - 1_000),
      count: 0,
      files: FILES.map((driveFileId) => ({ driveFileId, sizeBytes: 3, count: 0 })),
    });
    const answer = await get('/api/d/Transfer_x1/1');
    expect(answer.status).toBe(410);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'gone', reason: 'expired' });
  });

  it("GET /api/links/{slug}/stats gives the owner each file's own downloads", async () => {
    fake.rows.set('Transfer_s1', {
      slug: 'Transfer_s1',
      driveFileId: FOLDER,
      ownerSub: 'sub-ann',
      ownerEmail: 'ann@example.com',
      sizeBytes: 9,
      expiresAt: new Date(Date.now() + 86_400_000),
      count: 5,
      files: FILES.map((driveFileId, n) => ({ driveFileId, sizeBytes: 3, count: [3, 0, 2][n]! })),
    });
    const stats = await request(server)
      .get('/api/links/Transfer_s1/stats?tz=UTC')
      .set('authorization', 'Bearer tok-ann');
    expect(stats.status).toBe(200);
    const body = LinkStatsResponse.parse(stats.body);
    expect(body.total).toBe(5);
    expect(body.files).toEqual([
      { index: 1, name: 'file-1.bin', size: 3, downloads: 3 },
      { index: 2, name: 'file-2.bin', size: 3, downloads: 0 },
      { index: 3, name: 'file-3.bin', size: 3, downloads: 2 },
    ]);
    // Another user: the link reads as unknown.
    const foreign = await request(server).get('/api/links/Transfer_s1/stats').set('authorization', 'Bearer tok-eve');
    expect(foreign.status).toBe(404);
  });
});
