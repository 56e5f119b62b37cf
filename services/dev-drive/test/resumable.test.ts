import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startHarness, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let alice: TestUser;
const KiB256 = 256 * 1024;

beforeAll(async () => {
  h = await startHarness();
  alice = h.idp.add({ sub: '200', email: 'alice@example.com', clientId: 'ferry-web' });
});
afterAll(() => h.close());

async function initiate(
  meta: Record<string, unknown>,
  headers: Record<string, string> = {},
  query = '',
): Promise<Response> {
  return api(h, alice.token, `/upload/drive/v3/files?uploadType=resumable${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
    body: JSON.stringify(meta),
  });
}

async function session(
  meta: Record<string, unknown> = { name: 'f.bin' },
  headers: Record<string, string> = {},
  query = '',
): Promise<string> {
  const r = await initiate(meta, headers, query);
  expect(r.status).toBe(200);
  return r.headers.get('location')!;
}

/** A request on a fresh connection (no keep-alive pool), for use right after a server restart. */
function putFresh(
  url: string,
  range: string,
  body: Buffer = Buffer.alloc(0),
): Promise<{ status: number; range: string | undefined; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', agent: false, headers: { 'content-range': range, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            range: res.headers.range,
            json: () => JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const put = (url: string, range: string | undefined, body?: Uint8Array): Promise<Response> =>
  fetch(url, { method: 'PUT', headers: range ? { 'content-range': range } : {}, body: body ?? new Uint8Array(0) });

describe('resumable uploads', () => {
  it('initiates with Location echoing the query, X-GUploader-UploadID, and no auth needed on the session URI', async () => {
    const r = await initiate(
      { name: 'a.bin' },
      { 'x-upload-content-type': 'image/png', 'x-upload-content-length': '10' },
      '&fields=id,name,mimeType',
    );
    expect(r.status).toBe(200);
    const loc = new URL(r.headers.get('location')!);
    expect(loc.origin).toBe(h.url);
    expect(loc.pathname).toBe('/upload/drive/v3/files');
    expect(loc.searchParams.get('uploadType')).toBe('resumable');
    expect(loc.searchParams.get('fields')).toBe('id,name,mimeType');
    expect(loc.searchParams.get('upload_id')).toBe(r.headers.get('x-guploader-uploadid'));
    const done = await put(loc.href, undefined, Buffer.from('0123456789'));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ id: expect.any(String), name: 'a.bin', mimeType: 'image/png' });
  });

  it('status query, 308 with Range (none before the first byte), overlap accepted, gap refused, completion', async () => {
    const data = randomBytes(3 * KiB256 + 1000);
    const url = await session({ name: 'b.bin' }, {}, '&fields=id,size,md5Checksum');
    const total = data.length;

    let r = await put(url, `bytes */${total}`);
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBeNull();
    expect(r.headers.get('location')).toBeNull();

    r = await put(url, `bytes 0-${KiB256 - 1}/${total}`, data.subarray(0, KiB256));
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe(`bytes=0-${KiB256 - 1}`);

    // gap: starts after the persisted offset
    r = await put(url, `bytes ${2 * KiB256}-${3 * KiB256 - 1}/${total}`, data.subarray(2 * KiB256, 3 * KiB256));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'badRequest',
    );

    // overlap: re-send from 1000 to 2*256K-1; only the new part is appended
    r = await put(url, `bytes 1000-${2 * KiB256 - 1}/${total}`, data.subarray(1000, 2 * KiB256));
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe(`bytes=0-${2 * KiB256 - 1}`);

    // a chunk entirely inside what is already stored changes nothing
    r = await put(url, `bytes 0-99/${total}`, data.subarray(0, 100));
    expect(r.headers.get('range')).toBe(`bytes=0-${2 * KiB256 - 1}`);

    r = await put(url, `bytes */${total}`);
    expect(r.headers.get('range')).toBe(`bytes=0-${2 * KiB256 - 1}`);

    r = await put(url, `bytes ${2 * KiB256}-${total - 1}/${total}`, data.subarray(2 * KiB256));
    expect(r.status).toBe(200);
    const file = (await r.json()) as Record<string, string>;
    expect(file).toEqual({
      id: expect.any(String),
      size: String(total),
      md5Checksum: createHash('md5').update(data).digest('hex'),
    });

    // response lost: a status query on a finished session returns the file again
    r = await put(url, `bytes */${total}`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as Record<string, string>).id).toBe(file.id);

    const dl = await api(h, alice.token, `/drive/v3/files/${file.id}?alt=media`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(data)).toBe(true);
  });

  it('unknown total: chunks with /*, the last states the total; also `bytes */N` finalises', async () => {
    const data = randomBytes(2 * KiB256 + 17);
    const url = await session({ name: 'c.bin' }, {}, '&fields=size');
    let r = await put(url, `bytes 0-${KiB256 - 1}/*`, data.subarray(0, KiB256));
    expect(r.status).toBe(308);
    r = await put(url, 'bytes */*');
    expect(r.headers.get('range')).toBe(`bytes=0-${KiB256 - 1}`);
    r = await put(url, `bytes ${KiB256}-${2 * KiB256 - 1}/*`, data.subarray(KiB256, 2 * KiB256));
    expect(r.status).toBe(308);
    r = await put(url, `bytes ${2 * KiB256}-${data.length - 1}/${data.length}`, data.subarray(2 * KiB256));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ size: String(data.length) });

    const url2 = await session({ name: 'd.bin' }, {}, '&fields=size');
    r = await put(url2, `bytes 0-${KiB256 - 1}/*`, data.subarray(0, KiB256));
    r = await put(url2, `bytes */${KiB256}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ size: String(KiB256) });
  });

  it('rejects totals that contradict X-Upload-Content-Length, bodies longer than Content-Range, bad headers', async () => {
    const url = await session({ name: 'e.bin' }, { 'x-upload-content-length': '100' });
    expect((await put(url, 'bytes 0-49/200', randomBytes(50))).status).toBe(400);
    expect((await put(url, 'bytes 0-1/100', randomBytes(50))).status).toBe(400);
    expect((await put(url, 'bytes 5-1/100', randomBytes(50))).status).toBe(400);
    expect((await put(url, 'items 0-1/100', randomBytes(2))).status).toBe(400);
    expect((await put(url, 'bytes 0-99/100', randomBytes(100))).status).toBe(200);
  });

  it('cancel with DELETE → 499, then the session is gone (404)', async () => {
    const url = await session({ name: 'f.bin' });
    await put(url, `bytes 0-${KiB256 - 1}/*`, randomBytes(KiB256));
    const del = await fetch(url, { method: 'DELETE' });
    expect(del.status).toBe(499);
    const after = await put(url, 'bytes */*');
    expect(after.status).toBe(404);
    expect(
      (await api(h, alice.token, '/upload/drive/v3/files?uploadType=resumable', { method: 'DELETE' })).status,
    ).toBe(405);
    expect(((await after.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'notFound',
    );
  });

  it('sessions expire after one week', async () => {
    const url = await session({ name: 'g.bin' });
    const id = new URL(url).searchParams.get('upload_id')!;
    const aged = await fetch(`${h.url}/__admin/uploads/age`, {
      method: 'POST',
      body: JSON.stringify({ uploadId: id, ageMs: 7 * 24 * 3600 * 1000 - 60_000 }),
    });
    expect(aged.status).toBe(200);
    expect((await put(url, 'bytes */*')).status).toBe(308);
    await fetch(`${h.url}/__admin/uploads/age`, {
      method: 'POST',
      body: JSON.stringify({ uploadId: id, ageMs: 7 * 24 * 3600 * 1000 + 1 }),
    });
    expect((await put(url, 'bytes */*')).status).toBe(404);
  });

  it('sessions and their bytes survive a server restart', async () => {
    const data = randomBytes(2 * KiB256 + 5);
    const url = await session(
      { name: 'restart.bin' },
      { 'x-upload-content-length': String(data.length) },
      '&fields=name,md5Checksum',
    );
    expect((await put(url, `bytes 0-${KiB256 - 1}/${data.length}`, data.subarray(0, KiB256))).status).toBe(308);
    await h.restart();
    const q = await putFresh(url, `bytes */${data.length}`);
    expect(q.status).toBe(308);
    expect(q.range).toBe(`bytes=0-${KiB256 - 1}`);
    const r = await putFresh(url, `bytes ${KiB256}-${data.length - 1}/${data.length}`, data.subarray(KiB256));
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ name: 'restart.bin', md5Checksum: createHash('md5').update(data).digest('hex') });
  });

  it('a connection cut mid-chunk keeps what arrived; the client resumes from Range', async () => {
    const data = randomBytes(4 * KiB256);
    const url = await session({ name: 'cut.bin' }, {}, '&fields=size,md5Checksum');
    await fetch(`${h.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'PUT', path: '/upload/drive/v3/files', cutAfterBytes: KiB256 + 123 }),
    });
    await expect(put(url, `bytes 0-${data.length - 1}/${data.length}`, data)).rejects.toThrow();
    const q = await put(url, `bytes */${data.length}`);
    expect(q.status).toBe(308);
    const persisted = Number(/bytes=0-(\d+)/.exec(q.headers.get('range') ?? '')![1]) + 1;
    expect(persisted).toBeGreaterThan(0);
    expect(persisted).toBeLessThanOrEqual(KiB256 + 123);
    const r = await put(url, `bytes ${persisted}-${data.length - 1}/${data.length}`, data.subarray(persisted));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      size: String(data.length),
      md5Checksum: createHash('md5').update(data).digest('hex'),
    });
  });

  it('a single PUT with chunked transfer encoding (no Content-Length) completes the upload', async () => {
    const data = randomBytes(KiB256 + 3);
    const url = new URL(await session({ name: 'chunked.bin' }, {}, '&fields=size'));
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(data.subarray(0, 1000));
      req.end(data.subarray(1000));
    });
    expect(status).toBe(200);
  });

  it('refuses an upload over quota with storageQuotaExceeded (at initiation and while streaming)', async () => {
    const bob = h.idp.add({ sub: '201', email: 'bob@example.com', clientId: 'ferry-web' });
    await api(h, bob.token, '/drive/v3/about?fields=user');
    const set = await fetch(`${h.url}/__admin/quota`, {
      method: 'POST',
      body: JSON.stringify({ email: 'bob@example.com', limitBytes: 1000 }),
    });
    expect(set.status).toBe(200);
    const about = await (await api(h, bob.token, '/drive/v3/about?fields=storageQuota')).json();
    expect(about).toEqual({ storageQuota: { limit: '1000', usage: '0', usageInDrive: '0', usageInDriveTrash: '0' } });

    const init = await api(h, bob.token, '/upload/drive/v3/files?uploadType=resumable', {
      method: 'POST',
      headers: { 'x-upload-content-length': '5000', 'content-type': 'application/json' },
      body: '{"name":"big"}',
    });
    expect(init.status).toBe(403);
    const err = (await init.json()) as { error: { errors: { reason: string; domain: string }[] } };
    expect(err.error.errors[0]).toMatchObject({ reason: 'storageQuotaExceeded', domain: 'usageLimits' });

    const init2 = await api(h, bob.token, '/upload/drive/v3/files?uploadType=resumable', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"big"}',
    });
    const over = await put(init2.headers.get('location')!, 'bytes 0-1999/*', randomBytes(2000));
    expect(over.status).toBe(403);

    const media = await api(h, bob.token, '/upload/drive/v3/files?uploadType=media', {
      method: 'POST',
      body: randomBytes(1001),
    });
    expect(media.status).toBe(403);
    const ok = await api(h, bob.token, '/upload/drive/v3/files?uploadType=media', {
      method: 'POST',
      body: randomBytes(1000),
    });
    expect(ok.status).toBe(200);
  });
});
