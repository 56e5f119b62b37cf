import { randomBytes, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth as googleAuth } from '@googleapis/drive';
import { googleDrive, startHarness, type Harness, type TestUser } from './support/harness.js';

const FOLDER = 'application/vnd.google-apps.folder';
const ROOT_NAME = '_ferry_uploads';
const LIST_FIELDS = 'nextPageToken, files(id, name, mimeType, createdTime, quotaBytesUsed, size, appProperties)';

let h: Harness;
let alice: TestUser;

beforeAll(async () => {
  h = await startHarness();
  alice = h.idp.add({ sub: '100000000000000000001', email: 'alice@example.com', clientId: 'ferry-web' });
});
afterAll(() => h.close());

/** GaxiosError → the parts of Google's error JSON a client looks at. */
async function failure(p: Promise<unknown>): Promise<{ status: number; reason: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as {
      status?: number;
      response?: { status: number; data: { error: { errors: { reason: string }[] } } };
      message: string;
    };
    return {
      status: err.response?.status ?? err.status ?? 0,
      reason: err.response?.data.error.errors[0]?.reason ?? '',
      message: err.message,
    };
  }
  throw new Error('expected the call to fail');
}

describe('Google Node client (@googleapis/drive) against the stand-in: every call Ferry makes', () => {
  it('root folder query, create with appProperties, fallback rename + tag, list, permission, uploads, patch, download, delete', async () => {
    const d = googleDrive(h, alice.token);
    const rootUrl = `${h.url}/`;

    // 1. root folder query (pageSize 1): nothing yet
    const rootQuery = `mimeType = '${FOLDER}' and appProperties has { key='ferryRoot' and value='true' } and trashed = false`;
    const empty = await d.files.list({
      q: rootQuery,
      pageSize: 1,
      fields: 'files(id, name, appProperties)',
      spaces: 'drive',
    });
    expect(empty.data.files).toEqual([]);

    // fallback by name finds an untagged folder, then PATCH tags it
    const untagged = await d.files.create({ requestBody: { name: ROOT_NAME, mimeType: FOLDER }, fields: 'id' });
    const byName = await d.files.list({
      q: `name = '${ROOT_NAME}' and mimeType = '${FOLDER}' and trashed = false`,
      pageSize: 1,
      fields: 'files(id)',
    });
    expect(byName.data.files?.[0]?.id).toBe(untagged.data.id);
    await d.files.update({ fileId: untagged.data.id!, requestBody: { appProperties: { ferryRoot: 'true' } } });
    const tagged = await d.files.list({ q: rootQuery, pageSize: 1, fields: 'files(id, name, appProperties)' });
    expect(tagged.data.files).toEqual([
      { id: untagged.data.id, name: ROOT_NAME, appProperties: { ferryRoot: 'true' } },
    ]);
    const rootId = untagged.data.id!;

    // 2. folder create with name, mimeType, parents, appProperties
    const sub = await d.files.create({
      requestBody: {
        name: 'upload_2026',
        mimeType: FOLDER,
        parents: [rootId],
        appProperties: { ferry: '1', expiresAt: '2026-12-01T00:00:00.000Z' },
      },
      fields: 'id, name, mimeType, parents, appProperties',
    });
    expect(sub.status).toBe(200);
    expect(sub.data).toMatchObject({
      name: 'upload_2026',
      mimeType: FOLDER,
      parents: [rootId],
      appProperties: { ferry: '1' },
    });

    // 3. about
    const about = await d.about.get({ fields: 'storageQuota(limit, usage), user(emailAddress)' });
    expect(about.data).toEqual({ storageQuota: { usage: '0' }, user: { emailAddress: 'alice@example.com' } });

    // 4. multipart upload (the client's choice for media + requestBody)
    const small = randomBytes(300_000);
    const multi = await d.files.create(
      {
        requestBody: {
          name: 'notes.bin',
          parents: [rootId],
          appProperties: { ferry: '1', expiresAt: '2026-12-08T00:00:00.000Z' },
        },
        media: { mimeType: 'application/octet-stream', body: Readable.from([small]) },
        fields: 'id, name, size, md5Checksum, mimeType',
      },
      { rootUrl },
    );
    expect(multi.data).toMatchObject({
      name: 'notes.bin',
      size: String(small.length),
      mimeType: 'application/octet-stream',
    });
    expect(multi.data.md5Checksum).toBe(createHash('md5').update(small).digest('hex'));

    // 5. resumable upload: the Node client has no resumable mode (googleapis/google-api-nodejs-client#3426),
    // so it is driven through the same Google auth library's authorised request (gaxios).
    const big = randomBytes(5 * 1024 * 1024 * 2 + 12345);
    const oauth = new googleAuth.OAuth2();
    oauth.setCredentials({ access_token: alice.token });
    const init = await oauth.request({
      url: `${h.url}/upload/drive/v3/files?uploadType=resumable&fields=id,name,size,md5Checksum,appProperties`,
      method: 'POST',
      headers: {
        'X-Upload-Content-Type': 'application/zip',
        'X-Upload-Content-Length': String(big.length),
        'Content-Type': 'application/json; charset=UTF-8',
      },
      data: {
        name: 'bundle.zip',
        parents: [rootId],
        appProperties: { ferry: '1', expiresAt: '2026-12-08T00:00:00.000Z' },
      },
    });
    expect(init.status).toBe(200);
    const session = init.headers.get('location')!;
    expect(session).toContain('upload_id=');
    const CHUNK = 5 * 1024 * 1024;
    let uploaded: Record<string, unknown> | undefined;
    for (let start = 0; start < big.length; start += CHUNK) {
      const end = Math.min(start + CHUNK, big.length) - 1;
      const r = await fetch(session, {
        method: 'PUT',
        headers: { 'Content-Range': `bytes ${start}-${end}/${big.length}` },
        body: big.subarray(start, end + 1),
      });
      if (end + 1 < big.length) {
        expect(r.status).toBe(308);
        expect(r.headers.get('range')).toBe(`bytes=0-${end}`);
        expect(r.headers.get('location')).toBeNull();
      } else {
        expect(r.status).toBe(200);
        uploaded = (await r.json()) as Record<string, unknown>;
      }
    }
    expect(uploaded).toMatchObject({ name: 'bundle.zip', size: String(big.length), appProperties: { ferry: '1' } });
    expect(uploaded!.md5Checksum).toBe(createHash('md5').update(big).digest('hex'));

    // 6. listing with the spec's fields
    const listing = await d.files.list({
      q: `'${rootId}' in parents and trashed = false`,
      pageSize: 100,
      fields: LIST_FIELDS,
      orderBy: 'createdTime desc',
    });
    expect(listing.data.nextPageToken).toBeUndefined();
    expect(listing.data.files?.map((f) => f.name)).toEqual(['bundle.zip', 'notes.bin', 'upload_2026']);
    const bundle = listing.data.files![0]!;
    expect(Object.keys(bundle).sort()).toEqual([
      'appProperties',
      'createdTime',
      'id',
      'mimeType',
      'name',
      'quotaBytesUsed',
      'size',
    ]);
    expect(bundle.quotaBytesUsed).toBe(String(big.length));
    expect(listing.data.files![2]!.size).toBeUndefined();

    // 7. permission create: reader / anyone
    const perm = await d.permissions.create({ fileId: bundle.id!, requestBody: { role: 'reader', type: 'anyone' } });
    expect(perm.data).toEqual({
      kind: 'drive#permission',
      id: 'anyoneWithLink',
      type: 'anyone',
      role: 'reader',
      allowFileDiscovery: false,
    });

    // 8. PATCH appProperties (expiry), null deletes a key, others kept
    const patched = await d.files.update({
      fileId: bundle.id!,
      requestBody: { appProperties: { expiresAt: '2026-12-09T00:00:00.000Z', ferry: null as unknown as string } },
      fields: 'appProperties',
    });
    expect(patched.data.appProperties).toEqual({ expiresAt: '2026-12-09T00:00:00.000Z' });

    // 9. alt=media download byte-for-byte, and a Range request
    const dl = await d.files.get({ fileId: bundle.id!, alt: 'media' }, { responseType: 'arraybuffer' });
    expect(Buffer.from(dl.data as ArrayBuffer).equals(big)).toBe(true);
    const part = await d.files.get(
      { fileId: bundle.id!, alt: 'media' },
      { responseType: 'arraybuffer', headers: { Range: 'bytes=100-199' } },
    );
    expect(part.status).toBe(206);
    expect(Buffer.from(part.data as ArrayBuffer).equals(big.subarray(100, 200))).toBe(true);

    // about now counts the bytes
    const usage = await d.about.get({ fields: 'storageQuota(usage)' });
    expect(usage.data.storageQuota?.usage).toBe(String(big.length + small.length));

    // 10. delete: 204, then gone
    const del = await d.files.delete({ fileId: multi.data.id! });
    expect(del.status).toBe(204);
    expect(await failure(d.files.get({ fileId: multi.data.id! }))).toMatchObject({
      status: 404,
      reason: 'notFound',
      message: `File not found: ${multi.data.id}.`,
    });

    // deleting a folder removes its contents
    await d.files.delete({ fileId: rootId });
    expect((await failure(d.files.get({ fileId: bundle.id! }))).status).toBe(404);
  });

  it('media upload and content update through the client', async () => {
    const d = googleDrive(h, alice.token);
    const rootUrl = `${h.url}/`;
    const created = await d.files.create(
      { media: { mimeType: 'text/plain', body: 'hello' }, fields: 'id,name,size,mimeType' },
      { rootUrl },
    );
    expect(created.data).toMatchObject({ name: 'Untitled', size: '5', mimeType: 'text/plain' });
    const updated = await d.files.update(
      {
        fileId: created.data.id!,
        requestBody: { name: 'hello.txt' },
        media: { mimeType: 'text/plain', body: 'hello world' },
        fields: 'name,size,version',
      },
      { rootUrl },
    );
    expect(updated.data).toMatchObject({ name: 'hello.txt', size: '11', version: '2' });
    const body = await d.files.get({ fileId: created.data.id!, alt: 'media' }, { responseType: 'text' });
    expect(body.data).toBe('hello world');
  });

  it('gets Google-shaped errors for bad calls', async () => {
    const d = googleDrive(h, alice.token);
    expect(await failure(d.files.get({ fileId: 'nope' }))).toEqual({
      status: 404,
      reason: 'notFound',
      message: 'File not found: nope.',
    });
    expect(await failure(d.files.list({ q: "name = 'unterminated" }))).toEqual({
      status: 400,
      reason: 'invalid',
      message: 'Invalid Value',
    });
    expect(await failure(d.files.list({ fields: 'files(id,nmae)' }))).toMatchObject({ status: 400, reason: 'invalid' });
    expect(await failure(d.about.get({}))).toMatchObject({ status: 400, reason: 'badRequest' });
    expect(await failure(d.files.update({ fileId: 'root', requestBody: { name: 'x' } }))).toMatchObject({
      status: 403,
    });
    expect(await failure(d.permissions.create({ fileId: 'root', requestBody: { type: 'anyone' } }))).toMatchObject({
      status: 400,
      reason: 'required',
    });

    const bad = googleDrive(h, 'not-a-token');
    expect(await failure(bad.files.list({}))).toEqual({
      status: 401,
      reason: 'authError',
      message: 'Invalid Credentials',
    });
    const raw = await fetch(`${h.url}/drive/v3/files`);
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('Bearer');
    expect(await raw.json()).toEqual({
      error: {
        code: 401,
        message: 'Login Required.',
        errors: [
          {
            domain: 'global',
            reason: 'required',
            message: 'Login Required.',
            locationType: 'header',
            location: 'Authorization',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
  });
});
