// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { fileFingerprint, folderKey, openResumeStore, type PendingUpload, SESSION_LIFETIME_MS } from './resume-store';

const MiB = 1024 * 1024;
const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 1) & 0xff);
const file = (data: Uint8Array<ArrayBuffer>, name = 'big.bin', lastModified = 1_700_000_000_000) =>
  new File([data], name, { lastModified });

async function pending(f: File, over: Partial<PendingUpload> = {}): Promise<PendingUpload> {
  return {
    sessionUrl: `https://drive/upload?upload_id=${Math.random()}`,
    name: f.name,
    size: f.size,
    lastModified: f.lastModified,
    fingerprint: await fileFingerprint(f),
    confirmed: 0,
    createdAt: Date.now(),
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('resume store (IndexedDB)', () => {
  it('keeps a session across store instances and finds it by the file picked again', async () => {
    const idb = new IDBFactory();
    const data = bytes(3 * MiB, 7);
    const p = await pending(file(data));
    await openResumeStore(idb).put(p);
    await openResumeStore(idb).setConfirmed(p.sessionUrl, 2 * MiB);
    // A new page: the same database, a new File object for the same bytes.
    const again = openResumeStore(idb);
    expect(await again.find(file(data))).toMatchObject({ sessionUrl: p.sessionUrl, confirmed: 2 * MiB });
    expect((await again.list()).map((x) => x.name)).toEqual(['big.bin']);
  });

  it('never moves the confirmed byte backwards', async () => {
    const store = openResumeStore(new IDBFactory());
    const p = await pending(file(bytes(MiB, 3)));
    await store.put(p);
    await store.setConfirmed(p.sessionUrl, 800_000);
    await store.setConfirmed(p.sessionUrl, 100);
    expect((await store.list())[0]!.confirmed).toBe(800_000);
  });

  it('does not take a different file of the same name, size and date (first or last MiB differ)', async () => {
    const store = openResumeStore(new IDBFactory());
    const a = bytes(3 * MiB, 7);
    await store.put(await pending(file(a)));
    const changedTail = a.slice();
    changedTail[changedTail.length - 10] ^= 0xff;
    const changedHead = a.slice();
    changedHead[10] ^= 0xff;
    expect(await store.find(file(changedTail))).toBeUndefined();
    expect(await store.find(file(changedHead))).toBeUndefined();
    expect(await store.find(file(a, 'other.bin'))).toBeUndefined();
    expect(await store.find(file(a, 'big.bin', 1))).toBeUndefined();
    expect(await store.find(file(a))).toBeDefined();
  });

  it('drops sessions older than the drive keeps them (a week), and removes finished ones', async () => {
    const store = openResumeStore(new IDBFactory());
    const now = Date.now();
    const old = await pending(file(bytes(1000, 5), 'old.bin'), { createdAt: now - SESSION_LIFETIME_MS - 1 });
    const fresh = await pending(file(bytes(1000, 9), 'fresh.bin'), { createdAt: now - 1000 });
    await store.put(old);
    await store.put(fresh);
    expect((await store.list(now)).map((p) => p.name)).toEqual(['fresh.bin']);
    expect((await store.list(now + SESSION_LIFETIME_MS)).map((p) => p.name)).toEqual([]);
    const other = openResumeStore(new IDBFactory());
    const q = await pending(file(bytes(10, 1)));
    await other.put(q);
    await other.remove(q.sessionUrl);
    expect(await other.list()).toEqual([]);
  });

  it('without IndexedDB keeps nothing and never throws', async () => {
    const store = openResumeStore(undefined);
    const p = await pending(file(bytes(10, 1)));
    await store.put(p);
    expect(await store.list()).toEqual([]);
    expect(await store.find(file(bytes(10, 1)))).toBeUndefined();
  });

  it('lists an interrupted archive but never offers it for a picked file', async () => {
    const store = openResumeStore(new IDBFactory());
    const data = bytes(1000, 3);
    const f = file(data, 'upload_2030-01-01_anna_2_files.zip');
    await store.put({ ...(await pending(f)), kind: 'zip' });
    expect((await store.list()).map((p) => p.kind)).toEqual(['zip']);
    expect(await store.find(f)).toBeUndefined();
  });

  it('keeps a folder upload as its record and its files, never offers a folder file for a single pick, drops them together', async () => {
    const store = openResumeStore(new IDBFactory());
    const f = file(bytes(1000, 5), 'a.bin');
    const base = await pending(f);
    await store.put({ ...base, sessionUrl: folderKey('F1'), kind: 'folder', group: 'F1', files: [] });
    await store.put({ ...base, kind: 'folderFile', group: 'F1', path: 'pics/a.bin' });
    const other = await pending(f);
    await store.put(other);
    expect(await store.find(f)).toMatchObject({ sessionUrl: other.sessionUrl });
    await store.removeGroup('F1');
    expect((await store.list()).map((p) => p.sessionUrl)).toEqual([other.sessionUrl]);
  });
});
