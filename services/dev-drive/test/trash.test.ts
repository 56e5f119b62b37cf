import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleDrive, startHarness, type Harness, type TestUser } from './support/harness.js';

const FOLDER = 'application/vnd.google-apps.folder';

let h: Harness;
let olga: TestUser;

beforeAll(async () => {
  // Quota on, and a 1 MiB scan threshold so /download (the confirmed big-file path) is reachable.
  h = await startHarness({ quotaBytes: 10 * 1024 * 1024 });
  olga = h.idp.add({ sub: '100000000000000000077', email: 'olga@example.com', clientId: 'ferry-web' });
});
afterAll(() => h.close());

/** A file in a folder, shared with anyone, through Google's own client. */
async function sharedFile(name: string, bytes: number): Promise<{ folderId: string; fileId: string }> {
  const d = googleDrive(h, olga.token);
  const folder = await d.files.create({ requestBody: { name: `${name}-folder`, mimeType: FOLDER }, fields: 'id' });
  // Media uploads go to the client's upload root unless told where the API is.
  const file = await d.files.create(
    {
      requestBody: { name, parents: [folder.data.id!] },
      media: { mimeType: 'application/octet-stream', body: Readable.from([Buffer.alloc(bytes, 7)]) },
      fields: 'id',
    },
    { rootUrl: `${h.url}/` },
  );
  await d.permissions.create({ fileId: file.data.id!, requestBody: { type: 'anyone', role: 'reader' } });
  return { folderId: folder.data.id!, fileId: file.data.id! };
}

const publicStatus = async (path: string) => {
  const res = await fetch(`${h.url}${path}`, { redirect: 'manual' });
  await res.body?.cancel();
  return res.status;
};

describe('trash, as Drive has it (Google Node client)', () => {
  it('files.update {trashed: true} trashes; lists leave it out when q says trashed = false and show it for trashed = true; untrash restores', async () => {
    const d = googleDrive(h, olga.token);
    const { folderId, fileId } = await sharedFile('list-me.bin', 10);
    const updated = await d.files.update({
      fileId,
      requestBody: { trashed: true },
      fields: 'id, trashed, explicitlyTrashed, trashedTime',
    });
    expect(updated.data).toMatchObject({ id: fileId, trashed: true, explicitlyTrashed: true });
    expect(Date.parse(updated.data.trashedTime!)).not.toBeNaN();

    const ids = async (q: string) => (await d.files.list({ q, fields: 'files(id)' })).data.files!.map((f) => f.id);
    expect(await ids(`'${folderId}' in parents and trashed = false`)).toEqual([]);
    expect(await ids(`'${folderId}' in parents and trashed = true`)).toEqual([fileId]);
    expect(await ids(`trashed = true`)).toContain(fileId);
    // Drive's own default: without a trashed term the list includes trashed files.
    expect(await ids(`'${folderId}' in parents`)).toEqual([fileId]);
    // A trashed file can still be read by its owner's app.
    expect((await d.files.get({ fileId, fields: 'trashed' })).data.trashed).toBe(true);

    await d.files.update({ fileId, requestBody: { trashed: false } });
    expect(await ids(`'${folderId}' in parents and trashed = false`)).toEqual([fileId]);
  });

  it("a trashed file's public download (/uc and /download) is refused while its permission stays; untrashed it serves again", async () => {
    const d = googleDrive(h, olga.token);
    const small = await sharedFile('small.bin', 100);
    const big = await sharedFile('big.bin', 2 * 1024 * 1024);
    const uc = (id: string) => `/uc?id=${id}&export=download`;
    const confirmed = (id: string) =>
      `/download?id=${id}&export=download&confirm=t&uuid=00000000-0000-4000-8000-000000000000`;
    expect(await publicStatus(uc(small.fileId))).toBe(200);
    expect(await publicStatus(confirmed(big.fileId))).toBe(200);

    await d.files.update({ fileId: small.fileId, requestBody: { trashed: true } });
    // Trashing the folder trashes what is in it.
    await d.files.update({ fileId: big.folderId, requestBody: { trashed: true } });
    expect(await publicStatus(uc(small.fileId))).toBe(404);
    expect(await publicStatus(uc(big.fileId))).toBe(404);
    expect(await publicStatus(confirmed(big.fileId))).toBe(404);
    expect((await d.permissions.list({ fileId: small.fileId })).data.permissions!.map((p) => p.type)).toContain(
      'anyone',
    );

    await d.files.update({ fileId: small.fileId, requestBody: { trashed: false } });
    expect(await publicStatus(uc(small.fileId))).toBe(200);
  });

  it('quota still counts trashed files until files.emptyTrash deletes them for good', async () => {
    const d = googleDrive(h, olga.token);
    const quota = async () =>
      (await d.about.get({ fields: 'storageQuota(usage, usageInDriveTrash)' })).data.storageQuota!;
    // Start from an empty trash, whatever earlier tests left.
    await d.files.emptyTrash({});
    const before = await quota();
    const { fileId } = await sharedFile('quota.bin', 4096);
    expect(Number((await quota()).usage)).toBe(Number(before.usage) + 4096);

    await d.files.update({ fileId, requestBody: { trashed: true } });
    const trashed = await quota();
    expect(Number(trashed.usage)).toBe(Number(before.usage) + 4096);
    expect(Number(trashed.usageInDriveTrash)).toBe(Number(before.usageInDriveTrash) + 4096);

    await d.files.emptyTrash({});
    const emptied = await quota();
    expect(emptied).toEqual({ usage: before.usage, usageInDriveTrash: '0' });
    const gone = await d.files.get({ fileId }).then(
      () => 200,
      (e: { response?: { status: number } }) => e.response?.status,
    );
    expect(gone).toBe(404);
    expect(await publicStatus(`/uc?id=${fileId}&export=download`)).toBe(404);
  });
});
