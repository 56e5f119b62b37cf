import * as grpc from '@grpc/grpc-js';
import { grpcError } from '@ferry/service-kit';
import { retryDelay } from '@ferry/rules';
import { setTimeout as delay } from 'node:timers/promises';
import { isValidDriveFileId } from '../domain/drive-id.js';
import { driveFailureError, isTransient, readDriveFailure, type DriveFailure } from './drive-errors.js';

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

/** Short in-service retries of a transient Drive answer; the gateway's deadline (seconds) bounds the whole call. */
export interface DriveRetryOptions {
  /** Extra attempts after the first (0 = none). */
  retries: number;
  /** First backoff; doubles per retry, with up to 50 % jitter. */
  baseDelayMs: number;
  /** Longest wait before one retry; a longer Retry-After ends the retries and the caller is told to try later. */
  maxDelayMs: number;
}

const DEFAULT_RETRY: DriveRetryOptions = { retries: 2, baseDelayMs: 100, maxDelayMs: 500 };

type DriveAnswer<T> = { ok: true; body: T } | { ok: false; failure: DriveFailure };

/** The owner's drive as the verifiers read it: GET with short retries of transient answers. */
function driveReader(driveRootUrl: string, fetchImpl: typeof fetch, timeoutMs: number, retry: DriveRetryOptions) {
  const base = driveRootUrl.replace(/\/+$/, '');

  async function getOnce<T>(path: string, token: string): Promise<DriveAnswer<T>> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { ok: false, failure: { status: 503, reason: 'unreachable' } };
    }
    if (!res.ok) return { ok: false, failure: await readDriveFailure(res) };
    return { ok: true, body: (await res.json()) as T };
  }

  async function get<T>(path: string, token: string): Promise<DriveAnswer<T>> {
    for (let attempt = 0; ; attempt++) {
      const answer = await getOnce<T>(path, token);
      if (answer.ok || !isTransient(answer.failure) || attempt >= retry.retries) return answer;
      const wait = retryDelay(
        attempt,
        { baseMs: retry.baseDelayMs, jitter: { min: 1, max: 1.5 } },
        answer.failure.retryAfterMs,
      );
      if (wait > retry.maxDelayMs) return answer;
      await delay(wait);
    }
  }

  function fail(failure: DriveFailure, what: string): never {
    if (failure.reason === 'unreachable') throw grpcError(grpc.status.UNAVAILABLE, 'the drive is not reachable');
    throw driveFailureError(failure, what);
  }

  /** The file's own metadata; trashed and other people's files are refused. */
  async function ownFile(fileId: string, token: string): Promise<DriveFile> {
    if (!isValidDriveFileId(fileId)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'fileId is not a drive file id');
    const fields = 'id,name,mimeType,size,quotaBytesUsed,parents,trashed,ownedByMe';
    const file = await get<DriveFile>(`/drive/v3/files/${fileId}?fields=${fields}`, token);
    if (!file.ok) fail(file.failure, 'file');
    const f = file.body;
    if (f.trashed) throw grpcError(grpc.status.NOT_FOUND, 'file not found in your drive');
    if (f.ownedByMe === false) throw grpcError(grpc.status.PERMISSION_DENIED, 'the file is not yours');
    return f;
  }

  /** Walks up from the file's parents: somewhere above it must be the owner's Ferry folder. */
  async function requireInFerryFolder(f: DriveFile, token: string): Promise<void> {
    let parents = f.parents ?? [];
    let inFerryFolder = false;
    for (let depth = 0; depth < MAX_DEPTH && parents.length > 0 && !inFerryFolder; depth++) {
      const parentId = parents[0]!;
      if (!isValidDriveFileId(parentId)) break;
      const parent = await get<DriveFile>(
        `/drive/v3/files/${parentId}?fields=id,name,mimeType,parents,appProperties`,
        token,
      );
      // A folder Ferry may not read ends the walk; a drive that is busy must not read as "not in your Ferry folder".
      if (!parent.ok && isTransient(parent.failure)) fail(parent.failure, 'folder');
      if (!parent.ok) break;
      const tags = parent.body.appProperties ?? {};
      inFerryFolder = tags[FERRY_ROOT_TAG] === 'true' || parent.body.name === FERRY_FOLDER_NAME;
      parents = parent.body.parents ?? [];
    }
    if (!inFerryFolder) throw grpcError(grpc.status.FAILED_PRECONDITION, 'the file is not in your Ferry folder');
  }

  async function requirePublic(fileId: string, token: string): Promise<void> {
    const perms = await get<{ permissions?: Permission[] }>(
      `/drive/v3/files/${fileId}/permissions?fields=permissions(type,role)`,
      token,
    );
    if (!perms.ok) fail(perms.failure, 'file');
    if (!isPublic(perms.body.permissions))
      throw grpcError(grpc.status.FAILED_PRECONDITION, 'the file is not shared with anyone who has the link');
  }

  return { get, fail, ownFile, requireInFerryFolder, requirePublic };
}

type Permission = { type?: string; role?: string };

function isPublic(permissions: Permission[] | undefined): boolean {
  return (permissions ?? []).some(
    (p) => p.type === 'anyone' && (p.role === 'reader' || p.role === 'writer' || p.role === 'commenter'),
  );
}

function sizeOf(f: DriveFile): bigint {
  const size = f.size ?? f.quotaBytesUsed ?? '0';
  return /^\d+$/.test(size) ? BigInt(size) : 0n;
}

/**
 * Checks with the owner's own Drive token that the file exists, is theirs, is not trashed, lives
 * under the Ferry folder and is readable by anyone with the link. The file id, name and size of
 * the request body are never trusted: the answer comes from the drive. A transient Drive answer
 * (rate limit, 5xx) is retried briefly and then reported as RESOURCE_EXHAUSTED or UNAVAILABLE,
 * never as NOT_FOUND, so the caller knows to try again.
 */
export function driveFileVerifier(
  driveRootUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
  retry: DriveRetryOptions = DEFAULT_RETRY,
): FileVerifier {
  const drive = driveReader(driveRootUrl, fetchImpl, timeoutMs, retry);
  return async (fileId, token) => {
    const f = await drive.ownFile(fileId, token);
    if (f.mimeType === FOLDER_MIME) throw grpcError(grpc.status.INVALID_ARGUMENT, 'a folder cannot be shortened');
    await drive.requireInFerryFolder(f, token);
    await drive.requirePublic(fileId, token);
    return { id: f.id, name: f.name ?? '', sizeBytes: sizeOf(f) };
  };
}

/** A transfer's folder and its files as the drive describes them, in the order asked for. */
export interface VerifiedTransfer {
  folder: VerifiedFile;
  files: Array<VerifiedFile & { mimeType: string }>;
}

export type TransferVerifier = (folderId: string, fileIds: string[], accessToken: string) => Promise<VerifiedTransfer>;

/** Most files one transfer may have (one listing page of the drive's largest size). */
export const MAX_TRANSFER_FILES = 1000;

/**
 * A transfer (one link for a folder upload): the folder must be the owner's, under the Ferry folder
 * and readable by anyone with the link; every file asked for must lie directly in that folder on
 * the drive (read from the drive's own listing of it, not the browser's word), not be a folder, and
 * be readable by anyone with the link. Names, sizes and types come from the drive.
 */
export function driveTransferVerifier(
  driveRootUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
  retry: DriveRetryOptions = DEFAULT_RETRY,
): TransferVerifier {
  const drive = driveReader(driveRootUrl, fetchImpl, timeoutMs, retry);
  return async (folderId, fileIds, token) => {
    if (fileIds.length === 0 || fileIds.length > MAX_TRANSFER_FILES)
      throw grpcError(grpc.status.INVALID_ARGUMENT, `a transfer has 1 to ${MAX_TRANSFER_FILES} files`);
    if (new Set(fileIds).size !== fileIds.length)
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'a file is listed twice in the transfer');
    for (const id of fileIds)
      if (!isValidDriveFileId(id)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'a file id is not a drive file id');
    const folder = await drive.ownFile(folderId, token);
    if (folder.mimeType !== FOLDER_MIME) throw grpcError(grpc.status.INVALID_ARGUMENT, 'a transfer needs a folder');
    await drive.requireInFerryFolder(folder, token);
    await drive.requirePublic(folderId, token);

    const children = new Map<string, DriveFile & { permissions?: Permission[] }>();
    const q = encodeURIComponent(`'${folderId}' in parents and trashed = false`);
    const fields = encodeURIComponent(
      'nextPageToken,files(id,name,mimeType,size,quotaBytesUsed,permissions(type,role))',
    );
    let pageToken = '';
    for (let page = 0; page < 20; page++) {
      const list = await drive.get<{
        files?: Array<DriveFile & { permissions?: Permission[] }>;
        nextPageToken?: string;
      }>(
        `/drive/v3/files?q=${q}&fields=${fields}&pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
        token,
      );
      if (!list.ok) return drive.fail(list.failure, 'folder');
      for (const f of list.body.files ?? []) children.set(f.id, f);
      pageToken = list.body.nextPageToken ?? '';
      if (!pageToken) break;
    }
    const files = fileIds.map((id) => {
      const f = children.get(id);
      if (!f)
        throw grpcError(grpc.status.FAILED_PRECONDITION, `file ${id} is not in the transfer's folder`, 'not_in_folder');
      if (f.mimeType === FOLDER_MIME)
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'a transfer lists files, not folders');
      if (!isPublic(f.permissions))
        throw grpcError(grpc.status.FAILED_PRECONDITION, 'a file is not shared with anyone who has the link');
      return { id: f.id, name: f.name ?? '', sizeBytes: sizeOf(f), mimeType: f.mimeType ?? '' };
    });
    return { folder: { id: folder.id, name: folder.name ?? '', sizeBytes: 0n }, files };
  };
}
