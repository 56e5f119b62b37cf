import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, googleDrive, startHarness, type Harness, type TestUser } from './support/harness.js';

const FOLDER = 'application/vnd.google-apps.folder';
let h: Harness;
let web: TestUser;
let other: TestUser;
let full: TestUser;
let carol: TestUser;

beforeAll(async () => {
  h = await startHarness({}, { 'ferry-web': 'ferry', 'ferry-gateway': 'ferry' });
  web = h.idp.add({ sub: '300', email: 'dana@example.com', clientId: 'ferry-web' });
  other = h.idp.add({ sub: '300', email: 'dana@example.com', clientId: 'other-app' });
  full = h.idp.add({
    sub: '300',
    email: 'dana@example.com',
    clientId: 'other-app',
    scope: 'https://www.googleapis.com/auth/drive',
  });
  carol = h.idp.add({ sub: '301', email: 'carol@example.com', clientId: 'ferry-web' });
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: assertions read the Drive API's answers field by field; a failing expect shows a wrong shape
type DriveJson = Record<string, any>;
async function json(r: Response): Promise<DriveJson> {
  return (await r.json()) as DriveJson;
}
const post = (t: TestUser, path: string, body: unknown) =>
  api(h, t.token, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const patch = (t: TestUser, path: string, body: unknown) =>
  api(h, t.token, path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function upload(t: TestUser, name: string, bytes: Buffer, parents?: string[]): Promise<string> {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify({ name, parents })}\r\n--${boundary}\r\ncontent-type: text/plain\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await api(h, t.token, '/upload/drive/v3/files?uploadType=multipart', {
    method: 'POST',
    headers: { 'content-type': `multipart/related; boundary=${boundary}` },
    body,
  });
  expect(r.status).toBe(200);
  return (await json(r)).id as string;
}

describe('drive.file semantics and app properties', () => {
  it('an app sees only files it created; appProperties are private to the creating client; drive scope sees all', async () => {
    const a = await json(
      await post(web, '/drive/v3/files?fields=id', {
        name: 'mine.txt',
        appProperties: { k: 'web' },
        properties: { shared: 'yes' },
      }),
    );
    const listOther = await json(await api(h, other.token, "/drive/v3/files?q=name%3D'mine.txt'"));
    expect(listOther.files).toEqual([]);
    expect((await api(h, other.token, `/drive/v3/files/${a.id}`)).status).toBe(404);

    const seenFull = await json(
      await api(h, full.token, `/drive/v3/files/${a.id}?fields=name,appProperties,properties,isAppAuthorized`),
    );
    expect(seenFull).toEqual({ name: 'mine.txt', properties: { shared: 'yes' }, isAppAuthorized: false });
    await patch(full, `/drive/v3/files/${a.id}`, { appProperties: { k: 'other' } });
    const seenWeb = await json(await api(h, web.token, `/drive/v3/files/${a.id}?fields=appProperties`));
    expect(seenWeb).toEqual({ appProperties: { k: 'web' } });
    const q = encodeURIComponent("appProperties has { key='k' and value='other' }");
    expect((await json(await api(h, web.token, `/drive/v3/files?q=${q}`))).files).toEqual([]);
    expect((await json(await api(h, full.token, `/drive/v3/files?q=${q}&fields=files(id)`))).files).toEqual([
      { id: a.id },
    ]);

    // another user never sees it
    expect((await api(h, carol.token, `/drive/v3/files/${a.id}`)).status).toBe(404);
  });

  it('clients mapped to one app (DRIVE_CLIENT_APPS) share files and appProperties, like clients of one Cloud project', async () => {
    const gateway = h.idp.add({ sub: '300', email: 'dana@example.com', clientId: 'ferry-gateway' });
    const f = await json(
      await post(web, '/drive/v3/files?fields=id', { name: 'shared-app.txt', appProperties: { k: 'v' } }),
    );
    expect(await json(await api(h, gateway.token, `/drive/v3/files/${f.id}?fields=name,appProperties`))).toEqual({
      name: 'shared-app.txt',
      appProperties: { k: 'v' },
    });
  });

  it('insufficient scope → 403 insufficientPermissions; root alias works', async () => {
    const noDrive = h.idp.add({ sub: '302', email: 'eve@example.com', clientId: 'ferry-web', scope: 'openid email' });
    const r = await api(h, noDrive.token, '/drive/v3/files');
    expect(r.status).toBe(403);
    expect((await json(r)).error.errors[0].reason).toBe('insufficientPermissions');
    const root = await json(await api(h, web.token, '/drive/v3/files/root?fields=id,name,mimeType,parents'));
    expect(root).toEqual({ id: expect.any(String), name: 'My Drive', mimeType: FOLDER });
  });

  it('caches introspection briefly', async () => {
    const before = h.idp.calls;
    for (let i = 0; i < 5; i++) await api(h, web.token, '/drive/v3/about?fields=user');
    expect(h.idp.calls - before).toBe(0);
  });
});

describe('files', () => {
  it('list paging, orderBy, default fields, pageToken validation', async () => {
    const folder = await json(await post(carol, '/drive/v3/files', { name: 'paging', mimeType: FOLDER }));
    expect(Object.keys(folder).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    for (const n of ['b', 'a', 'd', 'c', 'e']) await post(carol, '/drive/v3/files', { name: n, parents: [folder.id] });
    await post(carol, '/drive/v3/files', { name: 'zsub', parents: [folder.id], mimeType: FOLDER });
    const q = encodeURIComponent(`'${folder.id}' in parents`);
    const p1 = await json(await api(h, carol.token, `/drive/v3/files?q=${q}&pageSize=4`));
    expect(p1.files.map((f: { name: string }) => f.name)).toEqual(['zsub', 'a', 'b', 'c']);
    expect(p1.files[0]).toEqual({ kind: 'drive#file', id: expect.any(String), name: 'zsub', mimeType: FOLDER });
    expect(p1.nextPageToken).toEqual(expect.any(String));
    const p2 = await json(await api(h, carol.token, `/drive/v3/files?q=${q}&pageSize=4&pageToken=${p1.nextPageToken}`));
    expect(p2.files.map((f: { name: string }) => f.name)).toEqual(['d', 'e']);
    expect(p2.nextPageToken).toBeUndefined();
    const desc = await json(await api(h, carol.token, `/drive/v3/files?q=${q}&orderBy=name%20desc&fields=files(name)`));
    expect(desc.files.map((f: { name: string }) => f.name)).toEqual(['zsub', 'e', 'd', 'c', 'b', 'a']);
    expect((await api(h, carol.token, `/drive/v3/files?q=${q}&pageToken=garbage`)).status).toBe(400);
    expect((await api(h, carol.token, `/drive/v3/files?q=trashed%3Dfalse&pageToken=${p1.nextPageToken}`)).status).toBe(
      400,
    );
    expect((await api(h, carol.token, `/drive/v3/files?orderBy=size`)).status).toBe(400);
    expect((await api(h, carol.token, `/drive/v3/files?pageSize=0`)).status).toBe(400);
  });

  it('trash a folder trashes its contents (listed unless q excludes them), untrash restores, delete removes all', async () => {
    const folder = await json(await post(carol, '/drive/v3/files', { name: 'trash-me', mimeType: FOLDER }));
    const child = await upload(carol, 'child.txt', Buffer.from('x'), [folder.id]);
    const t = await json(
      await patch(carol, `/drive/v3/files/${folder.id}?fields=trashed,explicitlyTrashed`, { trashed: true }),
    );
    expect(t).toEqual({ trashed: true, explicitlyTrashed: true });
    expect(await json(await api(h, carol.token, `/drive/v3/files/${child}?fields=trashed,explicitlyTrashed`))).toEqual({
      trashed: true,
      explicitlyTrashed: false,
    });
    const q = encodeURIComponent(`'${folder.id}' in parents`);
    expect((await json(await api(h, carol.token, `/drive/v3/files?q=${q}`))).files).toHaveLength(1);
    const qNot = encodeURIComponent(`'${folder.id}' in parents and trashed = false`);
    expect((await json(await api(h, carol.token, `/drive/v3/files?q=${qNot}`))).files).toHaveLength(0);
    await patch(carol, `/drive/v3/files/${folder.id}`, { trashed: false });
    expect(await json(await api(h, carol.token, `/drive/v3/files/${child}?fields=trashed`))).toEqual({
      trashed: false,
    });
    expect((await api(h, carol.token, `/drive/v3/files/${folder.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(h, carol.token, `/drive/v3/files/${child}`)).status).toBe(404);
  });

  it('PATCH: merge, null deletes, parents not writable, addParents/removeParents move', async () => {
    const f = await json(
      await post(carol, '/drive/v3/files', { name: 'p', appProperties: { a: '1', b: '2' }, properties: { x: '1' } }),
    );
    const r = await json(
      await patch(carol, `/drive/v3/files/${f.id}?fields=name,appProperties,properties`, {
        appProperties: { a: null, c: '3' },
        properties: { x: null },
      }),
    );
    expect(r).toEqual({ name: 'p', appProperties: { b: '2', c: '3' } });
    const bad = await patch(carol, `/drive/v3/files/${f.id}`, { parents: ['x'] });
    expect(bad.status).toBe(403);
    expect((await json(bad)).error.errors[0].reason).toBe('fieldNotWritable');
    const dest = await json(await post(carol, '/drive/v3/files', { name: 'dest', mimeType: FOLDER }));
    const moved = await json(
      await patch(carol, `/drive/v3/files/${f.id}?addParents=${dest.id}&removeParents=root&fields=parents`, {}),
    );
    expect(moved).toEqual({ parents: [dest.id] });
  });

  it('alt=media: Range 206, suffix range, 416, folders not downloadable', async () => {
    const bytes = randomBytes(1000);
    const id = await upload(carol, 'r.bin', bytes);
    const r = await api(h, carol.token, `/drive/v3/files/${id}?alt=media`, { headers: { range: 'bytes=-10' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes.subarray(990))).toBe(true);
    const bad = await api(h, carol.token, `/drive/v3/files/${id}?alt=media`, { headers: { range: 'bytes=5000-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */1000');
    const folder = await json(await post(carol, '/drive/v3/files', { name: 'nd', mimeType: FOLDER }));
    expect((await api(h, carol.token, `/drive/v3/files/${folder.id}?alt=media`)).status).toBe(403);
  });

  it('media sent to the metadata URL is refused; multipart with a bad body is a 400', async () => {
    const r = await api(h, carol.token, '/drive/v3/files?uploadType=media', { method: 'POST', body: 'x' });
    expect(r.status).toBe(400);
    expect((await json(r)).error.message).toContain('upload URL');
    const m = await api(h, carol.token, '/upload/drive/v3/files?uploadType=multipart', {
      method: 'POST',
      headers: { 'content-type': 'multipart/related; boundary=zz' },
      body: '--zz\r\ncontent-type: application/json\r\n\r\n{}\r\n',
    });
    expect(m.status).toBe(400);
  });

  it('multipart parser handles a boundary split across network chunks', async () => {
    const boundary = '====x====';
    const media = Buffer.concat([
      randomBytes(70_000),
      Buffer.from(`\r\n--${boundary.slice(0, 5)}`),
      randomBytes(70_000),
    ]);
    const parts = [
      Buffer.from(
        `preamble\r\n--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{"name":"split.bin"}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      media,
      Buffer.from(`\r\n--${boundary}--`),
    ];
    const all = Buffer.concat(parts);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < all.length; i += 7777) c.enqueue(all.subarray(i, i + 7777));
        c.close();
      },
    });
    const r = await api(h, carol.token, '/upload/drive/v3/files?uploadType=multipart&fields=id,name,mimeType,size', {
      method: 'POST',
      headers: { 'content-type': `multipart/related; boundary="${boundary}"` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const f = await json(r);
    expect(f).toMatchObject({ name: 'split.bin', mimeType: 'image/png', size: String(media.length) });
    const back = Buffer.from(await (await api(h, carol.token, `/drive/v3/files/${f.id}?alt=media`)).arrayBuffer());
    expect(back.equals(media)).toBe(true);
  });

  it('generateIds and create with a chosen id', async () => {
    const ids = await json(await api(h, carol.token, '/drive/v3/files/generateIds?count=2'));
    expect(ids.ids).toHaveLength(2);
    const f = await json(await post(carol, '/drive/v3/files?fields=id', { id: ids.ids[0], name: 'chosen' }));
    expect(f.id).toBe(ids.ids[0]);
    expect((await post(carol, '/drive/v3/files', { id: ids.ids[0], name: 'dup' })).status).toBe(409);
  });
});

describe('permissions and public downloads', () => {
  it('anyone/reader makes /uc downloadable with Content-Disposition; not shared → 403; interstitial above the threshold', async () => {
    const small = Buffer.from('tiny file ✓');
    const id = await upload(carol, 'résumé ✓.txt', small);
    expect((await fetch(`${h.url}/uc?id=${id}&export=download`)).status).toBe(403);
    expect((await fetch(`${h.url}/uc?id=doesnotexist&export=download`)).status).toBe(404);

    const perm = await json(await post(carol, `/drive/v3/files/${id}/permissions`, { role: 'reader', type: 'anyone' }));
    expect(perm.id).toBe('anyoneWithLink');
    const meta = await json(
      await api(h, carol.token, `/drive/v3/files/${id}?fields=webContentLink,webViewLink,shared`),
    );
    expect(meta.webContentLink).toBe(`${h.url}/uc?id=${id}&export=download`);
    expect(meta.shared).toBe(true);
    const dl = await fetch(meta.webContentLink);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ _.txt"; filename*=UTF-8''${encodeURIComponent('résumé ✓.txt')}`,
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(small)).toBe(true);
    expect((await fetch(meta.webViewLink)).status).toBe(200);

    const perms = await json(await api(h, carol.token, `/drive/v3/files/${id}/permissions`));
    expect(perms.permissions.map((p: { role: string }) => p.role)).toEqual(['owner', 'reader']);
    expect(
      (await api(h, carol.token, `/drive/v3/files/${id}/permissions/anyoneWithLink`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await fetch(`${h.url}/uc?id=${id}&export=download`)).status).toBe(403);

    // threshold in the harness is 1 MiB
    const big = randomBytes(1024 * 1024 + 1);
    const bigId = await upload(carol, 'big.bin', big);
    await post(carol, `/drive/v3/files/${bigId}/permissions`, { role: 'reader', type: 'anyone' });
    const warn = await fetch(`${h.url}/uc?id=${bigId}&export=download`);
    expect(warn.headers.get('content-type')).toContain('text/html');
    const html = await warn.text();
    expect(html).toContain('Virus scan warning');
    const action = /<form id="download-form" action="([^"]+)"/.exec(html)![1]!;
    const inputs = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    expect(inputs).toMatchObject({ id: bigId, export: 'download', confirm: 't' });
    const confirmed = await fetch(`${action}?${new URLSearchParams(inputs as Record<string, string>)}`);
    expect(confirmed.headers.get('content-disposition')).toContain('big.bin');
    expect(Buffer.from(await confirmed.arrayBuffer()).equals(big)).toBe(true);
  });
});

describe('CORS and fault injection', () => {
  it('answers preflight on every route and exposes the upload headers', async () => {
    for (const path of [
      '/drive/v3/files',
      '/upload/drive/v3/files?uploadType=resumable&upload_id=x',
      '/anything/at/all',
    ]) {
      const r = await fetch(`${h.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-range,authorization',
        },
      });
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(r.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(r.headers.get('access-control-allow-headers')).toContain('content-range');
    }
    const init = await api(h, carol.token, '/upload/drive/v3/files?uploadType=resumable', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
    });
    const expose = init.headers.get('access-control-expose-headers') ?? '';
    for (const hname of ['Location', 'Range', 'Content-Range', 'X-GUploader-UploadID']) expect(expose).toContain(hname);
  });

  it('fails the next N requests on a route with the given status/reason, and adds latency', async () => {
    const add = await fetch(`${h.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'GET', path: '/drive/v3/about', count: 2, status: 503 }),
    });
    expect(add.status).toBe(200);
    const listed = await json(await fetch(`${h.url}/__admin/faults`));
    expect(listed.faults).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const r = await api(h, carol.token, '/drive/v3/about?fields=user');
      expect(r.status).toBe(503);
      expect((await json(r)).error).toMatchObject({
        code: 503,
        status: 'UNAVAILABLE',
        errors: [{ reason: 'backendError' }],
      });
    }
    expect((await api(h, carol.token, '/drive/v3/about?fields=user')).status).toBe(200);

    await fetch(`${h.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '^/drive/v3/files$', status: 429, reason: 'userRateLimitExceeded' }),
    });
    const limited = await api(h, carol.token, '/drive/v3/files');
    expect(limited.status).toBe(429);
    expect((await json(limited)).error.errors[0].reason).toBe('userRateLimitExceeded');

    await fetch(`${h.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/drive/v3/about', latencyMs: 300 }),
    });
    const t0 = performance.now();
    expect((await api(h, carol.token, '/drive/v3/about?fields=user')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);

    // the Google client retries GETs on 5xx
    await fetch(`${h.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/drive/v3/about', status: 500 }),
    });
    const d = googleDrive(h, carol.token);
    const about = await d.about.get({ fields: 'user(emailAddress)' }, { retryConfig: { retryDelay: 1 } });
    expect(about.data.user?.emailAddress).toBe('carol@example.com');

    const del = await fetch(`${h.url}/__admin/faults`, { method: 'DELETE' });
    expect(del.status).toBe(204);
  });

  it('the admin API is absent when disabled', async () => {
    const h2 = await (await import('./support/harness.js')).startHarness({ adminEnabled: false });
    try {
      expect((await fetch(`${h2.url}/__admin/faults`)).status).toBe(404);
    } finally {
      await h2.close();
    }
  });
});
