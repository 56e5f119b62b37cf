import { AccountSuspendedError, SubscriptionExpiredError, type ProductApi } from '../api/product-api';
import { DriveError, qString, type DriveClient, type DriveFile } from '../drive/drive-client';
import { backoffDelay } from '@ferry/rules';
import {
  DEFAULT_VALIDITY_MS,
  FOLDER_CONCURRENCY,
  FOLDER_MIME,
  RETRY_JITTER,
  ROOT_FOLDER_FALLBACK_NAME,
  ROOT_FOLDER_NAME,
  TAGS,
} from './constants';
import { isCanceled, sleep, UploadError } from './errors';
import type { Phase } from './phase';
import type { UploadPlan } from './plan';
import { queueBytes, type QueueItem } from './queue';
import type { ChunkRule } from './chunk-rule';
import { cancelSession, type RetryNotice, uploadResumable } from './resumable';
import { folderKey, fileFingerprint, type PendingUpload, type ResumeStore } from './resume-store';
import { groupPending, matchFolder, planFolderResume, type FolderFileStart } from './folder-resume';
import { blobSource, streamSource, type ByteSource } from './source';
import { fileEntry, zipSize, zipStream } from './zip-stream';

export interface EngineDeps {
  drive: DriveClient;
  api: ProductApi;
  user: { email: string; name?: string };
  signal: AbortSignal;
  /** Resolves when the token is fresh (re-login for a stale token, spec §4). */
  ensureFreshToken(): Promise<void>;
  /** A Drive 401: sign in again, resolves after the new sign-in. */
  relogin(): Promise<void>;
  onPhase(phase: Phase): void;
  onProgress(sent: number, total: number): void;
  onZipPercent?(percent: number): void;
  /** A chunk failed and is retried after a wait; null once a chunk is confirmed again. */
  onRetry?(notice: RetryNotice | null): void;
  /** A single file continues a session from before a reload, at this many confirmed bytes. */
  onResumed?(confirmed: number): void;
  /** Unfinished uploads kept across a reload (single files, and each file of a folder upload). */
  resumeStore?: ResumeStore;
  chunkRule?: ChunkRule;
  retryBaseMs?: number;
  chunkSize?: number;
  now?: () => number;
  /** How long the link lives (default: the spec's 7 days); the command-line sender's --expires. */
  validityMs?: number;
  /** The uploader's language, sent with the link so the first-download notice can use it (default: the browser's). */
  locale?: string;
}

export interface UploadedItem {
  file: DriveFile;
  shortUrl?: string;
  shortId?: string;
}

const RATE_LIMIT_RETRIES = 6;

/** Runs a Drive call: a 401 signs in again and retries once; rate limits (403/429) back off. */
async function driveCall<T>(deps: EngineDeps, call: () => Promise<T>): Promise<T> {
  let reloggedIn = false;
  for (let attempt = 0; ; attempt++) {
    if (deps.signal.aborted) throw new UploadError('canceled');
    await deps.ensureFreshToken();
    try {
      return await call();
    } catch (err) {
      if (deps.signal.aborted) throw new UploadError('canceled');
      if (err instanceof DriveError && err.isAuth && !reloggedIn) {
        reloggedIn = true;
        await deps.relogin();
        continue;
      }
      if (err instanceof DriveError && (err.isRateLimit || err.status >= 500) && attempt < RATE_LIMIT_RETRIES) {
        await sleep(backoffDelay(attempt, { baseMs: 1_000, maxMs: 32_000, jitter: RETRY_JITTER }), deps.signal);
        continue;
      }
      throw err;
    }
  }
}

/** Spec §4 step 1: the tagged root folder, else one by name (then tagged), else a new one. */
export async function ensureRootFolder(drive: DriveClient): Promise<DriveFile> {
  const folder = `mimeType = '${FOLDER_MIME}' and trashed = false`;
  const tagged = await drive.findFolder(`appProperties has { key='${TAGS.root}' and value='true' } and ${folder}`);
  if (tagged) return tagged;
  for (const name of [ROOT_FOLDER_NAME, ROOT_FOLDER_FALLBACK_NAME]) {
    const byName = await drive.findFolder(`name = ${qString(name)} and ${folder}`);
    if (byName) return drive.patch(byName.id, { appProperties: { [TAGS.root]: 'true' } });
  }
  return drive.createFolder(ROOT_FOLDER_NAME, undefined, { [TAGS.root]: 'true' });
}

const rootFolders = new WeakMap<DriveClient, Promise<DriveFile>>();

/**
 * One root-folder look-up per page and drive client, shared by the list and the uploads: two
 * concurrent look-ups that both find nothing would create two `_ferryuploads` folders.
 */
export function sharedRootFolder(drive: DriveClient): Promise<DriveFile> {
  let p = rootFolders.get(drive);
  if (!p) {
    p = ensureRootFolder(drive);
    rootFolders.set(drive, p);
    p.catch(() => rootFolders.delete(drive));
  }
  return p;
}

/** Free bytes, or null when unknown (limit or usage missing / not numeric; a 403 clears it). */
export async function readFreeQuota(drive: DriveClient): Promise<{ free: number | null; email?: string }> {
  try {
    const about = await drive.about();
    const limit = Number(about.storageQuota?.limit);
    const usage = Number(about.storageQuota?.usage);
    const email = about.user?.emailAddress;
    const known =
      about.storageQuota?.limit !== undefined &&
      about.storageQuota?.usage !== undefined &&
      Number.isFinite(limit) &&
      Number.isFinite(usage);
    return { free: known ? limit - usage : null, ...(email ? { email } : {}) };
  } catch (err) {
    if (err instanceof DriveError && err.status === 403) return { free: null };
    throw err;
  }
}

function tags(expiresAt: string): Record<string, string> {
  // owner_subdomain is tagged after Shorten: the server assigns it (alice, alice-2, …).
  return { [TAGS.product]: '1', [TAGS.expiresAt]: expiresAt };
}

/** Opens a session; 403 quota → the quota error, anything else → 'Failed to get resumable upload URL'. */
async function openSession(
  deps: EngineDeps,
  metadata: Parameters<DriveClient['startResumable']>[0],
  size: number,
): Promise<string> {
  try {
    return await driveCall(deps, () => deps.drive.startResumable(metadata, size, deps.signal));
  } catch (err) {
    if (err instanceof UploadError) throw err;
    if (err instanceof DriveError && err.isQuota) throw new UploadError('quota', 403);
    if (deps.signal.aborted) throw new UploadError('canceled');
    throw new UploadError('sessionUrl', err instanceof DriveError ? err.status : undefined);
  }
}

async function sendBytes(
  deps: EngineDeps,
  sessionUrl: string,
  source: ByteSource,
  onSent: (n: number) => void,
  more: { resume?: boolean; onConfirmed?(n: number): void } = {},
): Promise<DriveFile> {
  let retrying = false;
  try {
    return await uploadResumable({
      sessionUrl,
      source,
      signal: deps.signal,
      ...(deps.chunkSize ? { chunkSize: deps.chunkSize } : {}),
      ...(deps.chunkRule ? { rule: deps.chunkRule } : {}),
      ...(deps.retryBaseMs !== undefined ? { retryBaseMs: deps.retryBaseMs } : {}),
      ...(more.resume ? { resume: true } : {}),
      onSent,
      onProgress: (n) => {
        if (retrying) {
          retrying = false;
          deps.onRetry?.(null);
        }
        more.onConfirmed?.(n);
      },
      onRetry: (notice) => {
        retrying = true;
        deps.onRetry?.(notice);
      },
      beforeChunk: () => deps.ensureFreshToken(),
    });
  } catch (err) {
    if (isCanceled(err) || deps.signal.aborted) {
      void cancelSession(sessionUrl);
      throw new UploadError('canceled');
    }
    throw err;
  }
}

/**
 * Spec §4 steps after the bytes: anyone can read, the short link (fallback: the drive's direct
 * link). An ended trial or plan (402) gets no link at all: the file leaves the public and goes to
 * the owner's trash, as a deleted upload does, and the upload ends with `expired`.
 */
async function publish(
  deps: EngineDeps,
  file: DriveFile,
  expiresAt: string,
  /** A transfer: `file` is its folder and these its files (already shared), in order. */
  files?: readonly string[],
): Promise<UploadedItem> {
  await driveCall(deps, () => deps.drive.shareWithAnyone(file.id));
  const directUrl = files
    ? (file.webViewLink ?? deps.drive.url(`/drive/folders/${file.id}`))
    : (file.webContentLink ?? deps.drive.url('/uc', { id: file.id, export: 'download' }));
  try {
    await deps.ensureFreshToken();
    const s = await deps.api.shorten({
      fileId: file.id,
      fileName: file.name,
      ...(files ? { files: [...files] } : {}),
      expiresAt,
      senderTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      uploaderLocale: deps.locale ?? navigator.language,
    });
    let shortUrl = s.shortUrl;
    // A full token code (> 16 characters) on a sender subdomain gets the subdomain shortlink.
    const sub = s.ownerSubdomain;
    if (s.shortId.length > 16 && sub) {
      const ttl = Math.max(60, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
      shortUrl = (await deps.api.shortlink(s.shortId, sub, ttl)) ?? shortUrl;
    }
    // The slug beside the file: the list finds the link even when the link service is slow.
    const patched = await driveCall(deps, () =>
      deps.drive.patch(file.id, {
        appProperties: { [TAGS.shortId]: s.shortId, ...(sub ? { [TAGS.ownerSubdomain]: sub } : {}) },
      }),
    ).catch(() => file);
    return { file: patched, shortUrl, shortId: s.shortId };
  } catch (err) {
    if (isCanceled(err)) throw err;
    // No link may be made: the file goes back to private and to the trash, and no raw drive link is handed out.
    if (err instanceof SubscriptionExpiredError || err instanceof AccountSuspendedError) {
      await deps.drive.revokePublic(file.id).catch(() => undefined);
      await deps.drive.trash(file.id).catch(() => undefined);
      throw err instanceof AccountSuspendedError ? new UploadError('suspended', 403) : new UploadError('expired', 402);
    }
    return { file, shortUrl: directUrl };
  }
}

/** Runs one planned upload through the phases; resolves with what was uploaded. */
export async function runUpload(plan: UploadPlan, deps: EngineDeps): Promise<UploadedItem[]> {
  const now = deps.now ?? Date.now;
  deps.onPhase('preparing');
  const root = await driveCall(deps, () => sharedRootFolder(deps.drive));
  const quota = await driveCall(deps, () => readFreeQuota(deps.drive));
  const items = plan.kind === 'single' ? [plan.item] : plan.items;
  const totalFileBytes = queueBytes(items);
  const expiresAt = new Date(now() + (deps.validityMs ?? DEFAULT_VALIDITY_MS)).toISOString();
  const bytesNeeded =
    plan.kind === 'zip' ? zipSize(items.map((i) => ({ path: i.path, size: i.file.size }))) : totalFileBytes;
  if (quota.free !== null && bytesNeeded > quota.free) throw new UploadError('quota', 403);

  if (plan.kind === 'single') {
    const { file, path } = plan.item;
    deps.onPhase('init');
    const store = deps.resumeStore;
    const pending = await store?.find(file).catch(() => undefined);
    let resumed: { sessionUrl: string; expiresAt: string } | undefined;
    if (pending) {
      resumed = pending;
      deps.onResumed?.(pending.confirmed);
    }
    const freshMetadata = () => ({
      name: file.name || path,
      parents: [root.id],
      mimeType: file.type || 'application/octet-stream',
      appProperties: tags(expiresAt),
    });
    const sessionUrl = resumed?.sessionUrl ?? (await openSession(deps, freshMetadata(), file.size));
    if (!resumed && store) {
      const record: PendingUpload = {
        sessionUrl,
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        fingerprint: await fileFingerprint(file),
        confirmed: 0,
        createdAt: now(),
        expiresAt,
      };
      await store.put(record).catch(() => undefined);
    }
    deps.onProgress(0, file.size);
    let phase: Phase = 'init';
    const send = (url: string, resume: boolean) =>
      sendBytes(
        deps,
        url,
        blobSource(file),
        (n) => {
          if (n > 0 && phase === 'init') {
            phase = 'uploading';
            deps.onPhase(phase);
          }
          deps.onProgress(n, file.size);
        },
        { resume, onConfirmed: (n) => void store?.setConfirmed(url, n).catch(() => undefined) },
      );
    let created: DriveFile;
    let url = sessionUrl;
    try {
      try {
        created = await send(url, !!resumed);
      } catch (err) {
        // The drive no longer knows the session (expired or finished elsewhere): start a new one.
        if (!resumed || !(err instanceof UploadError) || (err.status !== 404 && err.status !== 410)) throw err;
        await store?.remove(url).catch(() => undefined);
        resumed = undefined;
        deps.onResumed?.(0);
        url = await openSession(deps, freshMetadata(), file.size);
        created = await send(url, false);
      }
    } catch (err) {
      if (isCanceled(err)) await store?.remove(url).catch(() => undefined);
      throw err;
    }
    await store?.remove(url).catch(() => undefined);
    deps.onPhase('finalizing');
    return [await publish(deps, created, resumed?.expiresAt ?? expiresAt)];
  }

  if (plan.kind === 'zip') {
    deps.onPhase('init');
    const entries = items.map((i) => fileEntry(i.file, i.path));
    const size = zipSize(entries);
    const store = deps.resumeStore;
    // An archive is produced as it uploads and cannot continue after a reload: an earlier one
    // that a reload interrupted is dropped (its drive session too) and this one starts afresh.
    for (const old of (await store?.list().catch(() => [])) ?? []) {
      if (old.kind !== 'zip') continue;
      void cancelSession(old.sessionUrl);
      await store?.remove(old.sessionUrl).catch(() => undefined);
    }
    const session = await openSession(
      deps,
      { name: plan.name, parents: [root.id], mimeType: 'application/zip', appProperties: tags(expiresAt) },
      size,
    );
    await store
      ?.put({
        sessionUrl: session,
        kind: 'zip',
        name: plan.name,
        size,
        lastModified: 0,
        fingerprint: '',
        confirmed: 0,
        createdAt: now(),
        expiresAt,
      })
      .catch(() => undefined);
    deps.onPhase('zipping');
    let zipped = 0;
    let zipDone = totalFileBytes === 0;
    deps.onZipPercent?.(zipDone ? 100 : 0);
    deps.onProgress(0, size);
    const pieces = zipStream(entries, (n) => {
      zipped += n;
      const pct = totalFileBytes ? Math.floor((zipped / totalFileBytes) * 100) : 100;
      deps.onZipPercent?.(pct);
      if (zipped >= totalFileBytes && !zipDone) {
        zipDone = true;
        deps.onPhase('uploading');
      }
    });
    let created: DriveFile;
    try {
      created = await sendBytes(deps, session, streamSource(size, pieces), (n) => deps.onProgress(n, size), {
        onConfirmed: (n) => void store?.setConfirmed(session, n).catch(() => undefined),
      });
    } catch (err) {
      if (isCanceled(err)) await store?.remove(session).catch(() => undefined);
      throw err;
    }
    await store?.remove(session).catch(() => undefined);
    deps.onPhase('finalizing');
    return [await publish(deps, created, expiresAt)];
  }

  // Folder path: one folder, each file on its own, several at once. Each file's session is kept in
  // the resume store under the folder, so the same folder picked again after a reload continues.
  deps.onPhase('init');
  const store = deps.resumeStore;
  const earlier = store ? matchFolder(groupPending(await store.list().catch(() => [])).folders, items) : undefined;
  const folderExpiresAt = earlier?.folder.expiresAt ?? expiresAt;
  const folder = earlier
    ? { id: earlier.folder.group! }
    : await driveCall(deps, () => deps.drive.createFolder(plan.name, [root.id], tags(expiresAt)));
  if (!earlier)
    await store
      ?.put({
        sessionUrl: folderKey(folder.id),
        kind: 'folder',
        group: folder.id,
        name: plan.name,
        size: totalFileBytes,
        lastModified: 0,
        fingerprint: '',
        confirmed: 0,
        createdAt: now(),
        expiresAt,
        files: items.map((i) => ({ path: i.path, size: i.file.size, lastModified: i.file.lastModified })),
      })
      .catch(() => undefined);
  const starts = earlier ? planFolderResume(earlier, items) : new Map<string, FolderFileStart>();
  const sent = new Map<QueueItem, number>();
  const report = () =>
    deps.onProgress(
      [...sent.values()].reduce((a, b) => a + b, 0),
      totalFileBytes,
    );
  let started = false;
  const results: UploadedItem[] = [];
  let lastError: unknown;
  const queue = [...items];
  if (earlier) {
    const kept = items.reduce((n, i) => {
      const s = starts.get(i.path);
      return n + (s?.kind === 'done' ? i.file.size : s?.kind === 'resume' ? s.record.confirmed : 0);
    }, 0);
    deps.onResumed?.(kept);
  }
  /** The kept record when the file picked again has the same content (first and last MiB), else it is dropped. */
  const keptRecord = async (item: QueueItem, start: FolderFileStart | undefined) => {
    if (!start || start.kind === 'fresh') return undefined;
    if ((await fileFingerprint(item.file)) === start.record.fingerprint) return start.record;
    if (!start.record.done) void cancelSession(start.record.sessionUrl);
    await store?.remove(start.record.sessionUrl).catch(() => undefined);
    return undefined;
  };
  const uploadOne = async (item: QueueItem) => {
    const kept = await keptRecord(item, starts.get(item.path));
    if (kept?.done) {
      sent.set(item, item.file.size);
      report();
      results.push(kept.done);
      return;
    }
    const metadata = {
      name: item.path,
      parents: [folder.id],
      mimeType: item.file.type || 'application/octet-stream',
      appProperties: tags(folderExpiresAt),
    };
    const newRecord = async (): Promise<PendingUpload> => {
      const record: PendingUpload = {
        sessionUrl: await openSession(deps, metadata, item.file.size),
        kind: 'folderFile',
        group: folder.id,
        path: item.path,
        name: item.file.name,
        size: item.file.size,
        lastModified: item.file.lastModified,
        fingerprint: await fileFingerprint(item.file),
        confirmed: 0,
        createdAt: now(),
        expiresAt: folderExpiresAt,
      };
      await store?.put(record).catch(() => undefined);
      return record;
    };
    const send = (record: PendingUpload, resume: boolean) =>
      sendBytes(
        deps,
        record.sessionUrl,
        blobSource(item.file),
        (n) => {
          sent.set(item, n);
          if (!started && n > 0) {
            started = true;
            deps.onPhase('uploading');
          }
          report();
        },
        { resume, onConfirmed: (n) => void store?.setConfirmed(record.sessionUrl, n).catch(() => undefined) },
      );
    let record = kept ?? (await newRecord());
    let created: DriveFile;
    try {
      created = await send(record, !!kept);
    } catch (err) {
      // The drive no longer knows the session (expired or finished elsewhere): start a new one.
      if (!kept || !(err instanceof UploadError) || (err.status !== 404 && err.status !== 410)) throw err;
      await store?.remove(record.sessionUrl).catch(() => undefined);
      record = await newRecord();
      created = await send(record, false);
    }
    // Each file is public for the transfer's link (one link for the whole folder, made below).
    await driveCall(deps, () => deps.drive.shareWithAnyone(created.id));
    const done: UploadedItem = { file: created };
    await store?.put({ ...record, confirmed: item.file.size, done }).catch(() => undefined);
    results.push(done);
  };
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (deps.signal.aborted) return;
      try {
        await uploadOne(item);
      } catch (err) {
        if (isCanceled(err) || deps.signal.aborted) return;
        if (err instanceof UploadError && (err.code === 'quota' || err.code === 'expired')) {
          lastError = err;
          queue.length = 0;
          return;
        }
        lastError = err;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(FOLDER_CONCURRENCY, items.length) }, worker));
  } finally {
    if (results.length === 0) {
      // Spec §4/§8: a folder upload that produced nothing is deleted.
      await deps.drive.delete(folder.id).catch(() => undefined);
    }
    // Kept for a later run only while some file is unfinished and the folder still exists.
    if (deps.signal.aborted || results.length === 0 || results.length === items.length)
      await store?.removeGroup(folder.id).catch(() => undefined);
  }
  if (deps.signal.aborted) throw new UploadError('canceled');
  if (results.length === 0) throw lastError ?? new UploadError('failed');
  // In the order of the queue, also when some were finished before a reload.
  const order = new Map(items.map((i, n) => [i.path, n]));
  results.sort((a, b) => (order.get(a.file.name) ?? 0) - (order.get(b.file.name) ?? 0));
  deps.onPhase('finalizing');
  // One link for the transfer: the folder, with its files in queue order.
  const folderFile: DriveFile = { name: plan.name, ...folder };
  return [
    await publish(
      deps,
      folderFile,
      folderExpiresAt,
      results.map((r) => r.file.id),
    ),
  ];
}
