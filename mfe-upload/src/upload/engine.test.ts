// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionExpiredError, type ProductApi } from '../api/product-api';
import { DriveError, type DriveClient, type DriveFile } from '../drive/drive-client';
import { runUpload, type EngineDeps } from './engine';
import type { Phase } from './phase';
import { planUpload } from './plan';
import type { QueueItem } from './queue';
import { openResumeStore } from './resume-store';

const item = (path: string, size: number): QueueItem => ({
  file: new File([new Uint8Array(size)], path.split('/').pop()!),
  path,
});

/** A drive in memory: folders and files by id; sessions complete on one PUT. */
function fakeDrive(opts: { free?: number | null; failStart?: (name: string) => DriveError | undefined } = {}) {
  const files = new Map<string, DriveFile>();
  const deleted: string[] = [];
  const shared: string[] = [];
  const revoked: string[] = [];
  const trashed: string[] = [];
  let n = 0;
  const add = (f: Omit<DriveFile, 'id'>) => {
    const file = { id: `id${++n}`, ...f };
    files.set(file.id, file);
    return file;
  };
  const drive = {
    url: (p: string, q: Record<string, string> = {}) => `http://drive${p}?${new URLSearchParams(q)}`,
    findFolder: async () => undefined,
    createFolder: async (name: string, parents: string[] | undefined, appProperties: Record<string, string>) =>
      add({ name, mimeType: 'folder', ...(parents ? { parents } : {}), appProperties }),
    patch: async (id: string, m: { appProperties?: Record<string, string | null> }) => {
      const f = files.get(id)!;
      f.appProperties = { ...f.appProperties, ...(m.appProperties as Record<string, string>) };
      return f;
    },
    delete: async (id: string) => void deleted.push(id),
    about: async () => (opts.free === null ? {} : { storageQuota: { limit: String(opts.free ?? 1e12), usage: '0' } }),
    shareWithAnyone: async (id: string) => void shared.push(id),
    revokePublic: async (id: string) => void revoked.push(id),
    trash: async (id: string) => {
      trashed.push(id);
      return files.get(id);
    },
    startResumable: async (meta: { name: string; parents: string[]; appProperties?: Record<string, string> }) => {
      const err = opts.failStart?.(meta.name);
      if (err) throw err;
      const f = add({
        name: meta.name,
        parents: meta.parents,
        ...(meta.appProperties ? { appProperties: meta.appProperties } : {}),
      });
      return `http://drive/session/${f.id}`;
    },
  };
  vi.stubGlobal('fetch', async (url: string) => Response.json(files.get(url.split('/').pop()!)));
  return { drive: drive as unknown as DriveClient, files, deleted, shared, revoked, trashed };
}

function deps(drive: DriveClient, over: Partial<EngineDeps> = {}) {
  const phases: Phase[] = [];
  const shortened: Array<{ fileId: string; files?: string[] }> = [];
  const api = {
    shorten: async (p: { fileId: string; files?: string[] }) => {
      shortened.push(p);
      return {
        shortId: `s_${p.fileId}xxxxx`,
        shortUrl: `https://ferry/r/s_${p.fileId}xxxxx`,
        ownerSubdomain: 'anna-2',
      };
    },
    shortlink: async () => undefined,
  } as unknown as ProductApi;
  const d: EngineDeps = {
    drive,
    api,
    user: { email: 'anna@example.com' },
    signal: new AbortController().signal,
    ensureFreshToken: async () => undefined,
    relogin: async () => undefined,
    onPhase: (p) => phases.push(p),
    onProgress: () => undefined,
    locale: 'en',
    ...over,
  };
  return { d, phases, shortened };
}

afterEach(() => vi.unstubAllGlobals());

describe('upload steps (spec §4)', () => {
  it('single file: root folder, session, anyone-reader, short link, tags; phases in order', async () => {
    const { drive, files, shared } = fakeDrive();
    const { d, phases } = deps(drive);
    const [up] = await runUpload(planUpload([item('a.bin', 10)], 1024, new Date(), 'anna'), d);
    expect(up!.shortUrl).toMatch(/^https:\/\/ferry\/r\//);
    expect(shared).toEqual([up!.file.id]);
    expect([...files.values()].find((f) => f.name === '_ferryuploads')!.appProperties).toEqual({ ferry_root: 'true' });
    expect(up!.file.appProperties).toMatchObject({
      ferry: '1',
      owner_subdomain: 'anna-2',
      ferry_short_id: expect.any(String),
    });
    expect(phases).toEqual(['preparing', 'init', 'uploading', 'finalizing']);
  });

  it('shorten failure falls back to the drive direct link', async () => {
    const { drive } = fakeDrive();
    const { d } = deps(drive, {
      api: { shorten: async () => Promise.reject(new Error('down')) } as unknown as ProductApi,
    });
    const [up] = await runUpload(planUpload([item('a.bin', 10)], 1024, new Date(), 'anna'), d);
    expect(up!.shortUrl).toBe(`http://drive/uc?id=${up!.file.id}&export=download`);
  });

  it('an ended trial or plan (402): no raw drive link; the file leaves the public for the trash; the upload ends expired', async () => {
    const { drive, revoked, trashed } = fakeDrive();
    const { d } = deps(drive, {
      api: { shorten: async () => Promise.reject(new SubscriptionExpiredError()) } as unknown as ProductApi,
    });
    await expect(runUpload(planUpload([item('a.bin', 10)], 1024, new Date(), 'anna'), d)).rejects.toMatchObject({
      code: 'expired',
      status: 402,
    });
    expect(revoked).toHaveLength(1);
    expect(trashed).toEqual(revoked);
  });

  it('an ended plan: a folder upload gets no link, and the folder with its files goes to the trash', async () => {
    const { drive, files, deleted, trashed } = fakeDrive();
    let shortens = 0;
    const { d } = deps(drive, {
      api: {
        shorten: async () => {
          shortens++;
          throw new SubscriptionExpiredError();
        },
      } as unknown as ProductApi,
    });
    await expect(
      runUpload(
        planUpload(
          [item('a', 600), item('b', 600), item('c', 600), item('d', 600), item('e', 600)],
          1024,
          new Date(),
          'anna',
        ),
        d,
      ),
    ).rejects.toMatchObject({ code: 'expired' });
    // One link for the whole transfer: asked for once, after the files.
    expect(shortens).toBe(1);
    const folder = [...files.values()].find((f) => f.mimeType === 'folder' && f.name.endsWith('_5_files'))!;
    expect(trashed).toEqual([folder.id]);
    expect(deleted).toEqual([]);
  });

  it('a set over the threshold is a folder; if nothing was uploaded the folder is deleted', async () => {
    const { drive, files, deleted } = fakeDrive({ failStart: () => new DriveError(400, 'badRequest', 'no') });
    const { d } = deps(drive);
    await expect(
      runUpload(planUpload([item('a', 600), item('b', 600)], 1024, new Date(), 'anna'), d),
    ).rejects.toMatchObject({ code: 'sessionUrl' });
    const folder = [...files.values()].find((f) => f.mimeType === 'folder' && f.name.endsWith('_2_files'))!;
    expect(deleted).toEqual([folder.id]);
  });

  it('a folder keeps going past one failed file and backs off on a 403 rate limit', async () => {
    let limited = 0;
    const { drive, deleted, files } = fakeDrive({
      failStart: (name) =>
        name === 'bad'
          ? new DriveError(400, 'badRequest', 'no')
          : name === 'slow' && limited++ === 0
            ? new DriveError(403, 'userRateLimitExceeded', 'slow down')
            : undefined,
    });
    const { d, shortened } = deps(drive);
    const done = await runUpload(
      planUpload([item('bad', 600), item('slow', 600), item('ok', 10)], 1024, new Date(), 'anna'),
      d,
    );
    // One link for the transfer: the folder, with the files that made it, in queue order.
    expect(done).toHaveLength(1);
    expect(done[0]!.file.name).toMatch(/_3_files$/);
    expect(shortened).toHaveLength(1);
    expect(shortened[0]!.fileId).toBe(done[0]!.file.id);
    expect(shortened[0]!.files!.map((id) => files.get(id)!.name)).toEqual(['slow', 'ok']);
    expect(limited).toBe(2);
    expect(deleted).toEqual([]);
  });

  it('not enough free quota fails before any session; unknown quota does not block', async () => {
    const { drive, files } = fakeDrive({ free: 5 });
    await expect(runUpload(planUpload([item('a', 10)], 1024, new Date(), 'anna'), deps(drive).d)).rejects.toMatchObject(
      { code: 'quota' },
    );
    expect([...files.values()].filter((f) => f.name === 'a')).toHaveLength(0);
    const unknown = fakeDrive({ free: null });
    await expect(
      runUpload(planUpload([item('a', 10)], 1024, new Date(), 'anna'), deps(unknown.drive).d),
    ).resolves.toHaveLength(1);
  });

  it('a Drive 401 signs in again and retries the call', async () => {
    let first = true;
    const { drive } = fakeDrive({
      failStart: () => {
        if (!first) return undefined;
        first = false;
        return new DriveError(401, 'authError', 'Invalid Credentials');
      },
    });
    const relogin = vi.fn(async () => undefined);
    const { d } = deps(drive, { relogin });
    await expect(runUpload(planUpload([item('a', 10)], 1024, new Date(), 'anna'), d)).resolves.toHaveLength(1);
    expect(relogin).toHaveBeenCalledTimes(1);
  });
});

describe('a folder upload continued after a reload', () => {
  const T = 1_700_000_000_000;
  /** The same folder picked again: new File objects with the same bytes and last change. */
  const pick = () =>
    ['pics/a.bin', 'pics/b.bin', 'pics/sub/c.bin'].map((path, i) => ({
      path,
      file: new File([new Uint8Array(600 + i).fill(i + 1)], path.split('/').pop()!, { lastModified: T }),
    }));
  const plan = () => planUpload(pick(), 1024, new Date(T), 'anna');

  it('skips the finished files (their links again), continues a begun one and starts the rest in the same folder', async () => {
    const store = openResumeStore(new IDBFactory());
    let failC = true;
    const run1 = fakeDrive({
      failStart: (name) => (name === 'pics/sub/c.bin' && failC ? new DriveError(400, 'x', 'no') : undefined),
    });
    const firstRun = deps(run1.drive, { resumeStore: store });
    const first = await runUpload(plan(), firstRun.d);
    const names = (ids: string[] | undefined) => (ids ?? []).map((id) => run1.files.get(id)!.name);
    expect(first).toHaveLength(1);
    expect(names(firstRun.shortened[0]!.files)).toEqual(['pics/a.bin', 'pics/b.bin']);
    // One file unfinished: the folder and the two finished files are kept.
    const kept = await store.list();
    expect(kept.map((p) => p.kind).sort()).toEqual(['folder', 'folderFile', 'folderFile']);
    const folderId = kept.find((p) => p.kind === 'folder')!.group!;

    // As if the reload had come while b was half sent: its record is not finished yet.
    const b = kept.find((p) => p.path === 'pics/b.bin')!;
    const { done: _done, ...bUnfinished } = b;
    await store.put({ ...bUnfinished, confirmed: 300 });

    failC = false;
    const starts: string[] = [];
    const startResumable = run1.drive.startResumable.bind(run1.drive);
    run1.drive.startResumable = (async (meta: { name: string }, ...rest: unknown[]) => {
      starts.push(meta.name);
      return (startResumable as (...a: unknown[]) => Promise<string>)(meta, ...rest);
    }) as DriveClient['startResumable'];
    const folders = () =>
      [...run1.files.values()].filter((f) => f.mimeType === 'folder' && f.name.endsWith('_3_files'));
    const resumedFrom = vi.fn();
    const secondRun = deps(run1.drive, { resumeStore: store, onResumed: resumedFrom });
    const second = await runUpload(plan(), secondRun.d);

    expect(starts, 'a new session only for the file never begun').toEqual(['pics/sub/c.bin']);
    expect(folders().map((f) => f.id)).toEqual([folderId]);
    // One link for the whole folder: the files finished before the reload are the same drive files.
    expect(second.map((u) => u.file.id)).toEqual([folderId]);
    const again = secondRun.shortened[0]!.files!;
    expect(names(again)).toEqual(['pics/a.bin', 'pics/b.bin', 'pics/sub/c.bin']);
    expect(again[0]).toBe(firstRun.shortened[0]!.files![0]);
    expect(run1.files.get(again[2]!)!.parents).toEqual([folderId]);
    expect(resumedFrom).toHaveBeenCalledWith(600 + 300);
    // All done: nothing is kept any more.
    expect(await store.list()).toEqual([]);
  });

  it('a different folder of the same shape is not continued; a file whose content changed starts again', async () => {
    const store = openResumeStore(new IDBFactory());
    const run = fakeDrive({
      failStart: (name) => (name === 'pics/sub/c.bin' ? new DriveError(400, 'x', 'no') : undefined),
    });
    await runUpload(plan(), deps(run.drive, { resumeStore: store }).d);
    const changed = pick();
    changed[0] = { path: 'pics/a.bin', file: new File([new Uint8Array(600).fill(9)], 'a.bin', { lastModified: T }) };
    const starts: string[] = [];
    const again = fakeDrive();
    const startResumable = again.drive.startResumable.bind(again.drive);
    again.drive.startResumable = (async (meta: { name: string }, ...rest: unknown[]) => {
      starts.push(meta.name);
      return (startResumable as (...a: unknown[]) => Promise<string>)(meta, ...rest);
    }) as DriveClient['startResumable'];
    await runUpload(planUpload(changed, 1024, new Date(T), 'anna'), deps(again.drive, { resumeStore: store }).d);
    // Same paths, sizes and last changes, so the folder is continued, but a.bin's bytes differ: sent again.
    expect(starts.sort()).toEqual(['pics/a.bin', 'pics/sub/c.bin']);
    expect(await store.list()).toEqual([]);
  });

  it('cancel drops the kept folder upload', async () => {
    const store = openResumeStore(new IDBFactory());
    const ac = new AbortController();
    const run = fakeDrive({
      failStart: (name) => {
        if (name === 'pics/sub/c.bin') ac.abort();
        return undefined;
      },
    });
    await expect(runUpload(plan(), deps(run.drive, { resumeStore: store, signal: ac.signal }).d)).rejects.toMatchObject(
      {
        code: 'canceled',
      },
    );
    expect(await store.list()).toEqual([]);
  });
});
