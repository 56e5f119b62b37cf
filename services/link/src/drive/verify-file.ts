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

  return async (fileId, token) => {
    if (!isValidDriveFileId(fileId)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'fileId is not a drive file id');
    const fields = 'id,name,mimeType,size,quotaBytesUsed,parents,trashed,ownedByMe';
    const file = await get<DriveFile>(`/drive/v3/files/${fileId}?fields=${fields}`, token);
    if (!file.ok) fail(file.failure, 'file');
    const f = file.body;
    if (f.trashed) throw grpcError(grpc.status.NOT_FOUND, 'file not found in your drive');
    if (f.ownedByMe === false) throw grpcError(grpc.status.PERMISSION_DENIED, 'the file is not yours');
    if (f.mimeType === FOLDER_MIME) throw grpcError(grpc.status.INVALID_ARGUMENT, 'a folder cannot be shortened');

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

    const perms = await get<{ permissions?: Array<{ type?: string; role?: string }> }>(
      `/drive/v3/files/${fileId}/permissions?fields=permissions(type,role)`,
      token,
    );
    if (!perms.ok) fail(perms.failure, 'file');
    const shared = (perms.body.permissions ?? []).some(
      (p) => p.type === 'anyone' && (p.role === 'reader' || p.role === 'writer' || p.role === 'commenter'),
    );
    if (!shared)
      throw grpcError(grpc.status.FAILED_PRECONDITION, 'the file is not shared with anyone who has the link');

    const size = f.size ?? f.quotaBytesUsed ?? '0';
    return { id: f.id, name: f.name ?? '', sizeBytes: /^\d+$/.test(size) ? BigInt(size) : 0n };
  };
}
