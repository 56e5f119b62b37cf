// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionExpiredError, type ProductApi } from '../api/product-api';
import { DriveError, type DriveClient, type DriveFile } from '../drive/drive-client';
import { runUpload, type EngineDeps } from './engine';
import type { Phase } from './phase';
import { planUpload } from './plan';
import type { QueueItem } from './queue';

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
  const api = {
    shorten: async (p: { fileId: string }) => ({
      shortId: `s_${p.fileId}xxxxx`,
      shortUrl: `https://ferry/r/s_${p.fileId}xxxxx`,
      ownerSubdomain: 'anna-2',
    }),
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
  return { d, phases };
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

  it('an ended plan stops a folder upload: no more files are sent, the empty folder is deleted', async () => {
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
    expect(shortens).toBeLessThanOrEqual(3);
    expect(trashed).toHaveLength(shortens);
    const folder = [...files.values()].find((f) => f.mimeType === 'folder' && f.name.endsWith('_5_files'))!;
    expect(deleted).toEqual([folder.id]);
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
    const { drive, deleted } = fakeDrive({
      failStart: (name) =>
        name === 'bad'
          ? new DriveError(400, 'badRequest', 'no')
          : name === 'slow' && limited++ === 0
            ? new DriveError(403, 'userRateLimitExceeded', 'slow down')
            : undefined,
    });
    const { d } = deps(drive);
    const done = await runUpload(
      planUpload([item('bad', 600), item('slow', 600), item('ok', 10)], 1024, new Date(), 'anna'),
      d,
    );
    expect(done.map((u) => u.file.name).sort()).toEqual(['ok', 'slow']);
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
