import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ProductApi } from '../api/product-api';
import type { DriveClient } from '../drive/drive-client';
import { runUpload, type UploadedItem } from '../upload/engine';
import { isCanceled, UploadError, type UploadErrorCode } from '../upload/errors';
import { isBusy, type Phase, transition } from '../upload/phase';
import { firstNameOf, planUpload } from '../upload/plan';
import { addToQueue, canUpload, type QueueItem, removeFromQueue } from '../upload/queue';
import type { RetryNotice } from '../upload/resumable';
import { openResumeStore, type PendingUpload } from '../upload/resume-store';
import { readTuning } from '../upload/tuning';

export interface UploadProgress {
  sent: number;
  total: number;
  percent: number;
  /** Bytes per second, a moving average over the last few seconds. */
  speed: number;
  /** Seconds left at that speed, null while unknown. */
  secondsLeft: number | null;
  zipPercent: number;
}

/** A retry the screen shows while it waits: "Connection lost — retrying in 4 s (attempt 2 of 8)". */
export interface RetryState {
  kind: 'network' | 'server';
  attempt: number;
  maxRetries: number;
  /** `Date.now()` when the next attempt starts. */
  at: number;
}

export interface UploadFailure {
  code: UploadErrorCode;
  status?: number;
  /** The technical detail for the details line. */
  detail: string;
}

const EMPTY: UploadProgress = { sent: 0, total: 0, percent: 0, speed: 0, secondsLeft: null, zipPercent: 0 };
const SPEED_WINDOW_MS = 3_000;

export interface UploaderDeps {
  drive: DriveClient | null;
  api: ProductApi;
  user: { email: string; name?: string } | null;
  threshold: number;
  ensureFresh(signal?: AbortSignal): Promise<void>;
  relogin(signal?: AbortSignal): Promise<void>;
  onUploaded(items: UploadedItem[]): void;
  language: string;
  /** Asks whether the account may make links before an upload starts (false: the trial or plan has ended). */
  checkAccess(): Promise<boolean>;
  /** The trial or plan has ended (found before the upload or refused by the gateway with 402). */
  onExpired(): void;
  /** How long the links of the next upload live (the sender's choice, issue 21). */
  validityMs: number;
}

/** The queue, the phases, the progress, retries, the finished files and the unfinished ones (spec §2, §4). */
export function useUploader(deps: UploaderDeps) {
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress>(EMPTY);
  const [error, setError] = useState<UploadFailure | null>(null);
  const [retry, setRetry] = useState<RetryState | null>(null);
  const [finished, setFinished] = useState<UploadedItem[]>([]);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const samples = useRef<{ t: number; sent: number }[]>([]);
  const depsRef = useRef(deps);
  depsRef.current = deps;
  const busy = isBusy(phase);
  const store = useMemo(() => openResumeStore(), []);

  const refreshPending = useCallback(() => {
    store.list().then(setPending, () => setPending([]));
  }, [store]);
  useEffect(refreshPending, [refreshPending]);

  const add = useCallback((items: QueueItem[]) => setQueue((q) => addToQueue(q, items)), []);
  const remove = useCallback((path: string) => setQueue((q) => removeFromQueue(q, path)), []);
  const clear = useCallback(() => setQueue([]), []);

  const start = useCallback(async () => {
    const d = depsRef.current;
    if (!d.drive || !d.user || !canUpload(queue, true, busy)) return;
    const ac = new AbortController();
    abortRef.current = ac;
    setError(null);
    setRetry(null);
    setFinished([]);
    setResumedFrom(null);
    setProgress(EMPTY);
    samples.current = [];
    let current: Phase = transition('idle', 'preparing');
    setPhase(current);
    const plan = planUpload(queue, d.threshold, new Date(), firstNameOf(d.user));
    const tuning = readTuning();
    try {
      if (!(await d.checkAccess())) {
        d.onExpired();
        return;
      }
      if (ac.signal.aborted) return;
      const items = await runUpload(plan, {
        drive: d.drive,
        api: d.api,
        user: d.user,
        signal: ac.signal,
        locale: d.language,
        validityMs: d.validityMs,
        resumeStore: store,
        chunkRule: tuning.chunkRule,
        ...(tuning.retryBaseMs !== undefined ? { retryBaseMs: tuning.retryBaseMs } : {}),
        ensureFreshToken: () => depsRef.current.ensureFresh(ac.signal),
        relogin: () => depsRef.current.relogin(ac.signal),
        onPhase: (p) => {
          current = transition(current, p);
          setPhase(current);
        },
        onRetry: (n: RetryNotice | null) =>
          setRetry(
            n && {
              kind: n.cause.code === 'network' ? 'network' : 'server',
              attempt: n.attempt,
              maxRetries: n.maxRetries,
              at: Date.now() + n.delayMs,
            },
          ),
        onResumed: (confirmed) => setResumedFrom(confirmed > 0 ? confirmed : null),
        onProgress: (sent, total) => {
          const now = performance.now();
          const s = samples.current;
          s.push({ t: now, sent });
          while (s.length > 2 && now - s[0]!.t > SPEED_WINDOW_MS) s.shift();
          const first = s[0]!;
          const speed = Math.max(0, now > first.t ? ((sent - first.sent) * 1000) / (now - first.t) : 0);
          setProgress((p) => ({
            ...p,
            sent,
            total,
            percent: total > 0 ? Math.floor((sent / total) * 100) : 100,
            speed,
            secondsLeft: speed > 0 && now - first.t >= 1_000 ? Math.ceil((total - sent) / speed) : null,
          }));
        },
        onZipPercent: (zipPercent) => setProgress((p) => (p.zipPercent === zipPercent ? p : { ...p, zipPercent })),
      });
      setQueue([]);
      setFinished(items);
      depsRef.current.onUploaded(items);
    } catch (err) {
      // Cancel is silent ('Upload canceled').
      if (err instanceof UploadError && err.code === 'expired') {
        depsRef.current.onExpired();
      } else if (!isCanceled(err) && !ac.signal.aborted) {
        const detail = err instanceof Error ? err.message : String(err);
        if (err instanceof UploadError)
          setError({ code: err.code, ...(err.status !== undefined ? { status: err.status } : {}), detail });
        else setError({ code: 'failed', detail });
        console.warn('upload failed', detail);
      }
    } finally {
      abortRef.current = null;
      setPhase('idle');
      setRetry(null);
      setProgress(EMPTY);
      refreshPending();
    }
  }, [queue, busy, store, refreshPending]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);
  const forget = useCallback(
    (sessionUrl: string) => void store.remove(sessionUrl).finally(refreshPending),
    [store, refreshPending],
  );
  const forgetFolder = useCallback(
    (group: string) => void store.removeGroup(group).finally(refreshPending),
    [store, refreshPending],
  );

  return {
    queue,
    add,
    remove,
    clear,
    start,
    cancel,
    phase,
    progress,
    error,
    retry,
    finished,
    pending,
    forget,
    forgetFolder,
    resumedFrom,
    busy,
  };
}
