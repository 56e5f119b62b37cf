import { DAY_MS } from '@ferry/rules';
import type { DriveFile } from '../drive/drive-client';
import { crc32 } from './crc32';

/** One file of a folder upload as it was queued: its relative path, size and last change. */
export interface FolderManifestEntry {
  path: string;
  size: number;
  lastModified: number;
}

/** A file of a folder upload that finished: its drive file and link, shown again when the folder continues. */
export interface FinishedLink {
  file: DriveFile;
  shortUrl?: string;
  shortId?: string;
}

/**
 * Unfinished uploads kept across a reload, a crash or a closed laptop: the resumable session,
 * the file's identity and the last confirmed byte, in IndexedDB. Browsers do not keep access to
 * a file across a reload, so the user picks the same file again and the upload continues.
 */
export interface PendingUpload {
  /** The session URI (also the key); a folder upload's own record uses `folderKey(folder id)`. */
  sessionUrl: string;
  /**
   * A zip cannot continue after a reload (it is produced as it uploads): it is listed, then starts again.
   * A folder upload keeps one `folder` record (name, manifest) and one `folderFile` record per file it began.
   */
  kind?: 'file' | 'zip' | 'folder' | 'folderFile';
  /** Folder uploads: the drive folder's id, shared by the folder's record and its files' records. */
  group?: string;
  /** A file of a folder upload: its relative path (part of its identity). */
  path?: string;
  /** The folder record: every file of the upload, in queue order. */
  files?: FolderManifestEntry[];
  /** A file of a folder upload that finished (kept until the whole folder is done). */
  done?: FinishedLink;
  name: string;
  size: number;
  lastModified: number;
  /** CRC-32 of the first and of the last MiB (hex), so a different file of the same name is not taken. */
  fingerprint: string;
  confirmed: number;
  createdAt: number;
  /** The link expiry chosen when the upload started (the drive file carries it already). */
  expiresAt: string;
}

/** Google keeps a resumable session for a week; older ones are dropped. */
export const SESSION_LIFETIME_MS = 7 * DAY_MS;

const DB_NAME = 'ferry-upload';
const STORE = 'pending';
const EDGE = 1024 * 1024;

export interface ResumeStore {
  /** Unfinished uploads younger than the session lifetime, oldest first (older ones are deleted). */
  list(now?: number): Promise<PendingUpload[]>;
  /** The unfinished upload of this file, if any. */
  find(file: File, now?: number): Promise<PendingUpload | undefined>;
  put(p: PendingUpload): Promise<void>;
  setConfirmed(sessionUrl: string, confirmed: number): Promise<void>;
  remove(sessionUrl: string): Promise<void>;
  /** Drops a folder upload: its own record and those of its files. */
  removeGroup(group: string): Promise<void>;
}

/** The key of a folder upload's own record. */
export const folderKey = (folderId: string) => `folder:${folderId}`;

/** The file's identity: CRC-32 of its first and last MiB. */
export async function fileFingerprint(file: Blob): Promise<string> {
  const head = new Uint8Array(await file.slice(0, EDGE).arrayBuffer());
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - EDGE)).arrayBuffer());
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${hex(crc32(head))}${hex(crc32(tail))}`;
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function openDb(idb: IDBFactory): Promise<IDBDatabase> {
  const req = idb.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'sessionUrl' });
  return done(req);
}

/** The store in this browser's IndexedDB; without IndexedDB (or when it refuses) nothing is kept. */
export function openResumeStore(idb: IDBFactory | undefined = globalThis.indexedDB): ResumeStore {
  let db: Promise<IDBDatabase | null> | undefined;
  const getDb = () => {
    db ??= idb ? openDb(idb).catch(() => null) : Promise.resolve(null);
    return db;
  };
  const run = async <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> => {
    const d = await getDb();
    if (!d) return undefined;
    return done(fn(d.transaction(STORE, mode).objectStore(STORE)));
  };
  const store: ResumeStore = {
    async list(now = Date.now()) {
      const all = ((await run('readonly', (s) => s.getAll())) ?? []) as PendingUpload[];
      const stale = all.filter((p) => now - p.createdAt >= SESSION_LIFETIME_MS);
      for (const p of stale) await store.remove(p.sessionUrl);
      return all.filter((p) => !stale.includes(p)).sort((a, b) => a.createdAt - b.createdAt);
    },
    async find(file, now = Date.now()) {
      const candidates = (await store.list(now)).filter(
        (p) =>
          (p.kind ?? 'file') === 'file' &&
          p.name === file.name &&
          p.size === file.size &&
          p.lastModified === file.lastModified,
      );
      if (candidates.length === 0) return undefined;
      const fp = await fileFingerprint(file);
      return candidates.reverse().find((p) => p.fingerprint === fp);
    },
    async put(p) {
      await run('readwrite', (s) => s.put(p));
    },
    async setConfirmed(sessionUrl, confirmed) {
      const d = await getDb();
      if (!d) return;
      const s = d.transaction(STORE, 'readwrite').objectStore(STORE);
      const p = (await done(s.get(sessionUrl))) as PendingUpload | undefined;
      if (p && confirmed > p.confirmed) await done(s.put({ ...p, confirmed }));
    },
    async remove(sessionUrl) {
      await run('readwrite', (s) => s.delete(sessionUrl));
    },
    async removeGroup(group) {
      const all = ((await run('readonly', (s) => s.getAll())) ?? []) as PendingUpload[];
      for (const p of all) if (p.group === group) await store.remove(p.sessionUrl);
    },
  };
  return store;
}
