import type { DriveFile } from '../drive/drive-client';
import { backoffDelay } from '@ferry/rules';
import { type ChunkRule, DEFAULT_CHUNK_RULE, firstChunkSize, nextChunkSize } from './chunk-rule';
import { contentRange, nextChunk, offsetFromRange, statusRange } from './chunks';
import { CHUNK_MAX_RETRIES, RETRY_BASE_MS, RETRY_JITTER, RETRY_MAX_MS } from './constants';
import { sleep, UploadError } from './errors';
import { defaultTransport, fetchTransport, type PutAnswer, type PutTransport } from './put-transport';
import type { ByteSource } from './source';

/** A retry about to wait: the attempt (1-based) of at most `maxRetries`, and why. */
export interface RetryNotice {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  cause: UploadError;
}

/** One chunk the server confirmed: its size, and how long its PUT took. */
export interface ChunkReport {
  start: number;
  end: number;
  size: number;
  ms: number;
}

export interface ResumableOptions {
  sessionUrl: string;
  source: ByteSource;
  signal: AbortSignal;
  /** The adaptive chunk rule (default: 5 MiB first, doubling up to 64 MiB). */
  rule?: ChunkRule;
  /** A fixed chunk size instead of the adaptive rule. */
  chunkSize?: number;
  /** Start with a status query (a session resumed after a reload). */
  resume?: boolean;
  /** Confirmed bytes after each chunk (and after a resume). */
  onProgress?(confirmed: number): void;
  /** Bytes sent so far, confirmed or on their way (moves during a chunk). */
  onSent?(sent: number): void;
  onRetry?(notice: RetryNotice): void;
  onChunk?(chunk: ChunkReport): void;
  /** Awaited before each chunk: pauses for a re-login when the token went stale. */
  beforeChunk?(): Promise<void>;
  transport?: PutTransport;
  /** Shorthand for a fetch-based transport (tests). */
  fetch?: typeof fetch;
  maxRetries?: number;
  retryBaseMs?: number;
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

const fixedRule = (size: number): ChunkRule => ({
  firstBytes: size,
  maxBytes: size,
  minBytes: size,
  targetMs: DEFAULT_CHUNK_RULE.targetMs,
});

/**
 * Spec §7 resumable upload: PUTs with Content-Range, sized by the adaptive chunk rule; 308
 * continues from the reported Range; network errors and 5xx/429 are retried with backoff after a
 * status query, from the last confirmed byte. Resolves with the created file.
 */
export async function uploadResumable(o: ResumableOptions): Promise<DriveFile> {
  const send = o.transport ?? (o.fetch ? fetchTransport(o.fetch) : defaultTransport());
  const rule = o.rule ?? (o.chunkSize ? fixedRule(o.chunkSize) : DEFAULT_CHUNK_RULE);
  const maxRetries = o.maxRetries ?? CHUNK_MAX_RETRIES;
  const base = o.retryBaseMs ?? RETRY_BASE_MS;
  const total = o.source.size;
  let offset = 0;
  let failures = 0;
  let size = firstChunkSize(rule);

  const keepConfirmed = (confirmed: number) => {
    offset = confirmed;
    o.source.release(offset);
    o.onSent?.(offset);
    o.onProgress?.(offset);
  };

  /** Asks where the session is: a file when it had finished, else continues from its Range. */
  const query = async (): Promise<PutAnswer> =>
    send(o.sessionUrl, { headers: { 'Content-Range': statusRange(total) }, signal: o.signal });

  /** After a failure: wait, then ask the server where it is. Returns a file when it had finished. */
  const recover = async (cause: UploadError): Promise<DriveFile | undefined> => {
    let why = cause;
    for (;;) {
      failures++;
      if (failures > maxRetries) throw cause;
      const delayMs = backoffDelay(failures - 1, { baseMs: base, maxMs: RETRY_MAX_MS, jitter: RETRY_JITTER });
      o.onRetry?.({ attempt: failures, maxRetries, delayMs, cause: why });
      await sleep(delayMs, o.signal);
      let res: PutAnswer;
      try {
        res = await query();
      } catch (err) {
        if (err instanceof UploadError && err.code === 'network') {
          why = err;
          continue;
        }
        throw err;
      }
      if (res.status === 308) {
        keepConfirmed(offsetFromRange(res.range));
        return undefined;
      }
      if (res.status >= 200 && res.status < 300) {
        keepConfirmed(total);
        return res.json as DriveFile;
      }
      if (retryable(res.status)) {
        why = new UploadError('status', res.status);
        continue;
      }
      throw new UploadError('status', res.status);
    }
  };

  if (o.resume) {
    if (o.signal.aborted) throw new UploadError('canceled');
    let res: PutAnswer | undefined;
    try {
      res = await query();
    } catch (err) {
      if (!(err instanceof UploadError) || err.code !== 'network') throw err;
      const done = await recover(err);
      if (done) return done;
    }
    if (res) {
      if (res.status >= 200 && res.status < 300) {
        keepConfirmed(total);
        return res.json as DriveFile;
      }
      if (res.status !== 308) throw new UploadError('status', res.status);
      keepConfirmed(offsetFromRange(res.range));
    }
  }

  for (;;) {
    if (o.signal.aborted) throw new UploadError('canceled');
    await o.beforeChunk?.();
    const { start, end } = nextChunk(offset, total, size);
    const body = await o.source.read(start, end);
    const t0 = performance.now();
    let res: PutAnswer;
    try {
      res = await send(o.sessionUrl, {
        headers: { 'Content-Range': contentRange(start, end, total) },
        body,
        signal: o.signal,
        ...(o.onSent ? { onSent: (n: number) => o.onSent!(start + Math.min(n, end - start)) } : {}),
      });
    } catch (err) {
      if (!(err instanceof UploadError) || err.code !== 'network') throw err;
      // Bytes of a failed chunk were sent but not kept: progress goes back to the confirmed byte.
      o.onSent?.(offset);
      size = nextChunkSize(size, { ok: false }, rule);
      const done = await recover(err);
      if (done) return done;
      continue;
    }
    const ms = performance.now() - t0;
    if (res.status === 308) {
      // A server may persist fewer bytes than sent: continue from what it confirmed.
      const confirmed = Math.max(offset, offsetFromRange(res.range));
      o.onChunk?.({ start, end, size: end - start, ms });
      size = nextChunkSize(size, { ok: true, bytes: confirmed - start, ms }, rule);
      failures = 0;
      keepConfirmed(confirmed);
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      o.onChunk?.({ start, end, size: end - start, ms });
      keepConfirmed(total);
      return res.json as DriveFile;
    }
    if (retryable(res.status)) {
      o.onSent?.(offset);
      size = nextChunkSize(size, { ok: false }, rule);
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
