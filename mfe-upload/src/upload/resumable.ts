import type { DriveFile } from '../drive/drive-client';
import { backoffDelay } from '@ferry/rules';
import { contentRange, nextChunk, offsetFromRange, statusRange } from './chunks';
import { CHUNK_MAX_RETRIES, CHUNK_SIZE, RETRY_BASE_MS, RETRY_JITTER, RETRY_MAX_MS } from './constants';
import { sleep, UploadError } from './errors';
import type { ByteSource } from './source';

export interface ResumableOptions {
  sessionUrl: string;
  source: ByteSource;
  signal: AbortSignal;
  chunkSize?: number;
  /** Confirmed bytes after each chunk (and after a resume). */
  onProgress?(confirmed: number): void;
  /** Awaited before each chunk: pauses for a re-login when the token went stale. */
  beforeChunk?(): Promise<void>;
  fetch?: typeof fetch;
  maxRetries?: number;
  retryBaseMs?: number;
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * Spec §7 resumable upload: PUTs of `chunkSize` with Content-Range; 308 continues from the reported
 * Range; network errors and 5xx/429 are retried with backoff after a status query, from the last
 * confirmed byte. Resolves with the created file.
 */
export async function uploadResumable(o: ResumableOptions): Promise<DriveFile> {
  const f = o.fetch ?? ((...args) => fetch(...args));
  const chunkSize = o.chunkSize ?? CHUNK_SIZE;
  const maxRetries = o.maxRetries ?? CHUNK_MAX_RETRIES;
  const base = o.retryBaseMs ?? RETRY_BASE_MS;
  const total = o.source.size;
  let offset = 0;
  let failures = 0;

  const put = async (headers: Record<string, string>, body?: Blob | Uint8Array): Promise<Response> => {
    try {
      return await f(o.sessionUrl, { method: 'PUT', headers, body: body as BodyInit | undefined, signal: o.signal });
    } catch (err) {
      if (o.signal.aborted) throw new UploadError('canceled');
      throw new UploadError('network');
    }
  };

  /** After a failure: wait, then ask the server where it is. Returns a file when it had finished. */
  const recover = async (cause: UploadError): Promise<DriveFile | undefined> => {
    for (;;) {
      failures++;
      if (failures > maxRetries) throw cause;
      await sleep(backoffDelay(failures - 1, { baseMs: base, maxMs: RETRY_MAX_MS, jitter: RETRY_JITTER }), o.signal);
      let res: Response;
      try {
        res = await put({ 'Content-Range': statusRange(total) });
      } catch (err) {
        if (err instanceof UploadError && err.code === 'network') continue;
        throw err;
      }
      if (res.status === 308) {
        offset = offsetFromRange(res.headers.get('range'));
        o.source.release(offset);
        o.onProgress?.(offset);
        return undefined;
      }
      if (res.ok) return (await res.json()) as DriveFile;
      if (retryable(res.status)) continue;
      throw new UploadError('status', res.status);
    }
  };

  for (;;) {
    if (o.signal.aborted) throw new UploadError('canceled');
    await o.beforeChunk?.();
    const { start, end } = nextChunk(offset, total, chunkSize);
    const body = await o.source.read(start, end);
    let res: Response;
    try {
      res = await put({ 'Content-Range': contentRange(start, end, total) }, body);
    } catch (err) {
      if (!(err instanceof UploadError) || err.code !== 'network') throw err;
      const done = await recover(err);
      if (done) return done;
      continue;
    }
    if (res.status === 308) {
      const confirmed = offsetFromRange(res.headers.get('range'));
      // A server may persist fewer bytes than sent: continue from what it confirmed.
      offset = Math.max(offset, confirmed);
      o.source.release(offset);
      failures = 0;
      o.onProgress?.(offset);
      continue;
    }
    if (res.ok) {
      o.onProgress?.(total);
      return (await res.json()) as DriveFile;
    }
    if (retryable(res.status)) {
      const done = await recover(new UploadError('status', res.status));
      if (done) return done;
      continue;
    }
    throw new UploadError('status', res.status);
  }
}

/** Best-effort cancel of a session (Google answers 499); never throws. */
export async function cancelSession(sessionUrl: string, f: typeof fetch = (...a) => fetch(...a)): Promise<void> {
  try {
    await f(sessionUrl, { method: 'DELETE' });
  } catch {
    // the session expires on its own
  }
}
