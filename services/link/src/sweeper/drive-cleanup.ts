import { isValidDriveFileId } from '../domain/drive-id.js';
import { readDriveFailure, type DriveFailure } from '../drive/drive-errors.js';
import { FERRY_FOLDER_NAME, FERRY_ROOT_TAG } from '../drive/verify-file.js';

const FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Folder uploads nest; deeper than this the file does not count as under the Ferry folder. */
const MAX_DEPTH = 8;

/** A Drive answer the sweeper cannot go on with (the caller decides: back off, skip, or ask for a grant). */
export class DriveCallError extends Error {
  constructor(readonly failure: DriveFailure) {
    super(`drive answered ${failure.status}${failure.reason ? ` ${failure.reason}` : ''}`);
  }
}

/** Where an expiring file is: gone, moved out of the Ferry folder by the user, or still Ferry's. */
export type FilePlace =
  | { kind: 'missing' }
  | { kind: 'outside' }
  | { kind: 'ferry'; trashed: boolean; folders: string[] };

/** The Drive calls of one clean-up, made with the owner's access token. */
export interface DriveCleanup {
  /** Deletes every `anyone` permission; false when the file is not there (404). */
  revokePublic(fileId: string, token: string): Promise<boolean>;
  /** Gives the file an `anyone` reader permission again (as the upload did); false when it is not there (404). */
  sharePublic(fileId: string, token: string): Promise<boolean>;
  /** The file's state and, when it is under the Ferry folder, the folders between it and that folder (nearest first). */
  place(fileId: string, token: string): Promise<FilePlace>;
  trash(fileId: string, token: string): Promise<void>;
  /** Trashes each folder of a folder upload (nearest first) while it has no untrashed child left. */
  trashEmptyFolders(folders: string[], token: string): Promise<void>;
}

interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  parents?: string[];
  trashed?: boolean;
  appProperties?: Record<string, string>;
}

export function driveCleanup(driveRootUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = 10_000): DriveCleanup {
  const base = driveRootUrl.replace(/\/+$/, '');

  /** One Drive call; a 404 comes back as undefined, any other failure throws DriveCallError. */
  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T | undefined> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new DriveCallError({ status: 503, reason: 'unreachable' });
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) throw new DriveCallError(await readDriveFailure(res));
    if (res.status === 204) return {} as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  const isFerryRoot = (f: DriveFile) => f.appProperties?.[FERRY_ROOT_TAG] === 'true' || f.name === FERRY_FOLDER_NAME;

  return {
    async revokePublic(fileId, token) {
      const perms = await call<{ permissions?: Array<{ id?: string; type?: string }> }>(
        'GET',
        `/drive/v3/files/${fileId}/permissions?fields=permissions(id,type)`,
        token,
      );
      if (!perms) return false;
      for (const p of perms.permissions ?? []) {
        if (p.type === 'anyone' && p.id)
          await call('DELETE', `/drive/v3/files/${fileId}/permissions/${encodeURIComponent(p.id)}`, token);
      }
      return true;
    },

    async sharePublic(fileId, token) {
      const made = await call('POST', `/drive/v3/files/${fileId}/permissions?fields=id`, token, {
        role: 'reader',
        type: 'anyone',
      });
      return made !== undefined;
    },

    async place(fileId, token) {
      const f = await call<DriveFile>('GET', `/drive/v3/files/${fileId}?fields=id,parents,trashed`, token);
      if (!f) return { kind: 'missing' };
      const folders: string[] = [];
      let parents = f.parents ?? [];
      for (let depth = 0; depth < MAX_DEPTH && parents.length > 0; depth++) {
        const parentId = parents[0]!;
        if (!isValidDriveFileId(parentId)) break;
        const parent = await call<DriveFile>(
          'GET',
          `/drive/v3/files/${parentId}?fields=id,name,mimeType,parents,appProperties`,
          token,
        );
        if (!parent || parent.mimeType !== FOLDER_MIME) break;
        if (isFerryRoot(parent)) return { kind: 'ferry', trashed: f.trashed === true, folders };
        folders.push(parent.id);
        parents = parent.parents ?? [];
      }
      return { kind: 'outside' };
    },

    async trash(fileId, token) {
      await call('PATCH', `/drive/v3/files/${fileId}?fields=id,trashed`, token, { trashed: true });
    },

    async trashEmptyFolders(folders, token) {
      for (const folderId of folders) {
        const q = encodeURIComponent(`'${folderId}' in parents and trashed = false`);
        const children = await call<{ files?: unknown[] }>(
          'GET',
          `/drive/v3/files?q=${q}&pageSize=1&fields=files(id)`,
          token,
        );
        if (!children || (children.files ?? []).length > 0) return;
        await call('PATCH', `/drive/v3/files/${folderId}?fields=id,trashed`, token, { trashed: true });
      }
    },
  };
}
