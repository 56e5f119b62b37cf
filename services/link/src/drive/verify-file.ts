import * as grpc from '@grpc/grpc-js';
import { grpcError } from '@ferry/service-kit';
import { isValidDriveFileId } from '../domain/drive-id.js';

/** Name of Ferry's uploads folder in the user's drive (spec §3: product name prefixed by '_', then 'uploads'). */
export const FERRY_FOLDER_NAME = '_ferryuploads';
/** appProperties tag on Ferry's uploads folder. */
export const FERRY_ROOT_TAG = 'ferryRoot';
const FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Folder uploads nest; a file deeper than this under the Ferry folder is not accepted. */
const MAX_DEPTH = 8;

export interface VerifiedFile {
  id: string;
  name: string;
  sizeBytes: bigint;
}

interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  size?: string;
  quotaBytesUsed?: string;
  parents?: string[];
  trashed?: boolean;
  ownedByMe?: boolean;
  appProperties?: Record<string, string>;
}

export type FileVerifier = (fileId: string, accessToken: string) => Promise<VerifiedFile>;

/**
 * Checks with the owner's own Drive token that the file exists, is theirs, is not trashed, lives
 * under the Ferry folder and is readable by anyone with the link. The file id, name and size of
 * the request body are never trusted: the answer comes from the drive.
 */
export function driveFileVerifier(driveRootUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = 5_000): FileVerifier {
  const base = driveRootUrl.replace(/\/+$/, '');

  async function get<T>(path: string, token: string): Promise<{ status: number; body?: T }> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw grpcError(grpc.status.UNAVAILABLE, 'the drive is not reachable');
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { status: res.status };
    }
    return { status: res.status, body: (await res.json()) as T };
  }

  function fail(status: number, what: string): never {
    if (status === 401) throw grpcError(grpc.status.UNAUTHENTICATED, 'the drive refused the access token');
    if (status === 403 || status === 404) throw grpcError(grpc.status.NOT_FOUND, `${what} not found in your drive`);
    if (status === 429) throw grpcError(grpc.status.RESOURCE_EXHAUSTED, 'the drive is rate limiting, try again later');
    throw grpcError(grpc.status.UNAVAILABLE, `the drive answered ${status}`);
  }

  return async (fileId, token) => {
    if (!isValidDriveFileId(fileId)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'fileId is not a drive file id');
    const fields = 'id,name,mimeType,size,quotaBytesUsed,parents,trashed,ownedByMe';
    const file = await get<DriveFile>(`/drive/v3/files/${fileId}?fields=${fields}`, token);
    if (!file.body) fail(file.status, 'file');
    const f = file.body;
    if (f.trashed) throw grpcError(grpc.status.NOT_FOUND, 'file not found in your drive');
    if (f.ownedByMe === false) throw grpcError(grpc.status.PERMISSION_DENIED, 'the file is not yours');
    if (f.mimeType === FOLDER_MIME) throw grpcError(grpc.status.INVALID_ARGUMENT, 'a folder cannot be shortened');

    let parents = f.parents ?? [];
    let inFerryFolder = false;
    for (let depth = 0; depth < MAX_DEPTH && parents.length > 0 && !inFerryFolder; depth++) {
      const parentId = parents[0]!;
      if (!isValidDriveFileId(parentId)) break;
      const parent = await get<DriveFile>(`/drive/v3/files/${parentId}?fields=id,name,mimeType,parents,appProperties`, token);
      if (!parent.body) break;
      const tags = parent.body.appProperties ?? {};
      inFerryFolder = tags[FERRY_ROOT_TAG] === 'true' || parent.body.name === FERRY_FOLDER_NAME;
      parents = parent.body.parents ?? [];
    }
    if (!inFerryFolder) throw grpcError(grpc.status.FAILED_PRECONDITION, 'the file is not in your Ferry folder');

    const perms = await get<{ permissions?: Array<{ type?: string; role?: string }> }>(`/drive/v3/files/${fileId}/permissions?fields=permissions(type,role)`, token);
    if (!perms.body) fail(perms.status, 'file');
    const shared = (perms.body.permissions ?? []).some((p) => p.type === 'anyone' && (p.role === 'reader' || p.role === 'writer' || p.role === 'commenter'));
    if (!shared) throw grpcError(grpc.status.FAILED_PRECONDITION, 'the file is not shared with anyone who has the link');

    const size = f.size ?? f.quotaBytesUsed ?? '0';
    return { id: f.id, name: f.name ?? 'file', sizeBytes: /^\d+$/.test(size) ? BigInt(size) : 0n };
  };
}
