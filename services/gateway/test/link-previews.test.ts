import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import {
  LinkPreviewServiceService,
  type GetThumbnailRequest,
  type ListZipEntriesRequest,
} from '@ferry/contracts/link/v1/preview';
import { ERROR_CODE_METADATA } from '@ferry/service-kit';
import { startTestGrpcServer } from '@ferry/service-kit/testing';
import { previewPolicies } from '@ferry/link/preview-policies';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createBackends, type Backends } from '../src/grpc/backends.js';
import { createHealthChecker } from '../src/grpc/health-checker.js';
import { NotFoundLimiter } from '../src/links/not-found-limiter.js';
import { gatewaySigner } from './backend-policies.js';
import { silentLogger } from './helpers.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const TOKEN = 'U'.repeat(43);

const refuse = (code: grpc.status, details: string, reason?: string): grpc.ServiceError => {
  const metadata = new grpc.Metadata();
  if (reason) metadata.set(ERROR_CODE_METADATA, reason);
  return Object.assign(new Error(details), { code, details, metadata });
};

/** What the fake link service answers per slug; every request it got is kept. */
function answerFor(slug: string, token: string, fileIndex = 0): grpc.ServiceError | undefined {
  if (slug === 'Unknown_0001') return refuse(grpc.status.NOT_FOUND, 'link not found');
  if (slug === 'Expired_0001') return refuse(grpc.status.FAILED_PRECONDITION, 'the link is gone', 'gone');
  if (slug === 'NoThumb_0001') return refuse(grpc.status.NOT_FOUND, 'no thumbnail', 'no_preview');
  if (slug === 'NotAZip_0001') return refuse(grpc.status.FAILED_PRECONDITION, 'not a zip', 'not_a_zip');
  if (slug === 'Locked_00001' && token !== TOKEN)
    return refuse(grpc.status.PERMISSION_DENIED, 'password first', 'password_required');
  if (slug === 'Broken_00001') return refuse(grpc.status.INTERNAL, 'drive token abc123 leaked?');
  if (slug === 'Transfer_001' && ![1, 2].includes(fileIndex))
    return refuse(grpc.status.INVALID_ARGUMENT, 'file_index must be 1 to 2', 'no_such_file');
  return undefined;
}

describe('GET /api/links/{slug}/thumbnail and /entries', () => {
  let backends: Backends;
  let server: http.Server;
  let backend: grpc.Server;
  const seen: Array<GetThumbnailRequest | ListZipEntriesRequest> = [];

  beforeAll(async () => {
    const fake = await startTestGrpcServer(
      LinkPreviewServiceService,
      {
        getThumbnail: (call: grpc.ServerUnaryCall<GetThumbnailRequest, unknown>, cb: grpc.sendUnaryData<unknown>) => {
          seen.push(call.request);
          const t = call.request.target!;
          const err = answerFor(t.slug, t.unlockToken, t.fileIndex);
          if (err) return cb(err);
          cb(null, { image: PNG, contentType: 'image/png', version: '3' });
        },
        listZipEntries: (
          call: grpc.ServerUnaryCall<ListZipEntriesRequest, unknown>,
          cb: grpc.sendUnaryData<unknown>,
        ) => {
          seen.push(call.request);
          const t = call.request.target!;
          const err = answerFor(t.slug, t.unlockToken, t.fileIndex);
          if (err) return cb(err);
          cb(null, {
            entries: [
              { name: 'a/', sizeBytes: '0', compressedSizeBytes: '0', isDirectory: true, encrypted: false },
              {
                name: 'a/big.iso',
                sizeBytes: '5368709120',
                compressedSizeBytes: '5000000000',
                isDirectory: false,
                encrypted: false,
              },
              {
                name: 'a/invoice\u202Efdp.exe\u0000\r\n',
                sizeBytes: '10',
                compressedSizeBytes: '10',
                isDirectory: false,
                encrypted: false,
              },
            ],
            totalEntries: '812',
            truncated: true,
          });
        },
      },
      previewPolicies,
    );
    backend = fake.server;
    const addr = `127.0.0.1:${fake.port}`;
    backends = createBackends({ link: addr, notification: addr, billing: addr }, gatewaySigner());
    const app = createApp({
      logger: silentLogger(),
      health: createHealthChecker(backends.probes(500), { cacheMs: 0 }),
      backends,
      grpcDeadlineMs: 2_000,
      previews: {
        preview: backends.linkPreview,
        grpcDeadlineMs: 2_000,
        limiter: new NotFoundLimiter({ maxMisses: 2 }),
        clientAddress: (req) => req.socket.remoteAddress ?? '',
      },
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    backends.close();
    backend.forceShutdown();
  });

  it('sends the thumbnail bytes with their type, a validator and a short private cache', async () => {
    const res = await request(server).get('/api/links/Image_000001/thumbnail').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    expect(res.headers.etag).toBe('"Image_000001-0-3"');
    expect(Buffer.from(res.body as Buffer).equals(PNG)).toBe(true);
    const again = await request(server)
      .get('/api/links/Image_000001/thumbnail')
      .set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    expect(seen.at(-1)).toEqual({
      target: { slug: 'Image_000001', ownerSubdomain: '', unlockToken: '', fileIndex: 0 },
    });
  });

  it('lists a zip’s entries as JSON: sizes past 4 GiB, directories marked, names cleaned, truncated with the total', async () => {
    const res = await request(server).get('/api/links/Archive_0001/entries');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entries: [
        { name: 'a/', size: 0, directory: true },
        { name: 'a/big.iso', size: 5368709120, directory: false },
        // A name is shown as the name rule shows it: no controls, no bidi controls.
        { name: 'a/invoicefdp.exe', size: 10, directory: false },
      ],
      total: 812,
      truncated: true,
    });
    expect(seen.at(-1)).toMatchObject({ maxEntries: 500 });
  });

  it('a protected link: 401 password_required without a live unlock token, the token passed on as it is', async () => {
    const locked = await request(server).get('/api/links/Locked_00001/entries');
    expect([locked.status, locked.body.code]).toEqual([401, 'password_required']);
    const open = await request(server).get(`/api/links/Locked_00001/thumbnail?token=${TOKEN}`);
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect((seen.at(-1) as GetThumbnailRequest).target!.unlockToken).toBe(TOKEN);
    expect((await request(server).get('/api/links/Locked_00001/thumbnail?token=short')).status).toBe(400);
  });

  it('a transfer’s file n: ?file=n goes to the link service as file_index; a file it lacks is 404 no_such_file', async () => {
    expect((await request(server).get('/api/links/Transfer_001/thumbnail?file=2')).status).toBe(200);
    expect((seen.at(-1) as GetThumbnailRequest).target!.fileIndex).toBe(2);
    const missing = await request(server).get('/api/links/Transfer_001/entries?file=7');
    expect([missing.status, missing.body.code]).toEqual([404, 'no_such_file']);
    for (const bad of ['0', '-1', 'x', '10000'])
      expect((await request(server).get(`/api/links/Transfer_001/entries?file=${bad}`)).status).toBe(400);
  });

  it('410 gone, 404 no_preview, 409 not_a_zip, 400 for a bad code; a backend failure is 502 without its words', async () => {
    const gone = await request(server).get('/api/links/Expired_0001/thumbnail');
    expect([gone.status, gone.body.code]).toEqual([410, 'gone']);
    const none = await request(server).get('/api/links/NoThumb_0001/thumbnail');
    expect([none.status, none.body.code]).toEqual([404, 'no_preview']);
    const notZip = await request(server).get('/api/links/NotAZip_0001/entries');
    expect([notZip.status, notZip.body.code]).toEqual([409, 'not_a_zip']);
    const bad = await request(server).get('/api/links/no!/entries');
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_argument']);
    const broken = await request(server).get('/api/links/Broken_00001/entries');
    expect(broken.status).toBe(502);
    expect(JSON.stringify(broken.body)).not.toContain('abc123');
  });

  it('unknown links count against the not-found budget: 404, then 429 with Retry-After', async () => {
    const first = await request(server).get('/api/links/Unknown_0001/thumbnail');
    expect([first.status, first.body.code]).toEqual([404, 'not_found']);
    let last = first;
    for (let i = 0; i < 3 && last.status !== 429; i++)
      last = await request(server).get('/api/links/Unknown_0001/entries');
    expect([last.status, last.body.code]).toEqual([429, 'too_many_not_found']);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Blocked now: even a known link waits, without a call to the link service.
    const calls = seen.length;
    expect((await request(server).get('/api/links/Image_000001/thumbnail')).status).toBe(429);
    expect(seen.length).toBe(calls);
  });
});
