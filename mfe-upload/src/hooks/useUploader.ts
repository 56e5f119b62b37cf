import { useCallback, useRef, useState } from 'react';
import type { ProductApi } from '../api/product-api';
import type { DriveClient } from '../drive/drive-client';
import { runUpload, type UploadedItem } from '../upload/engine';
import { isCanceled, UploadError, type UploadErrorCode } from '../upload/errors';
import { isBusy, transition, type Phase } from '../upload/phase';
import { firstNameOf, planUpload } from '../upload/plan';
import { addToQueue, canUpload, removeFromQueue, type QueueItem } from '../upload/queue';

export interface UploadProgress {
  sent: number;
  total: number;
  percent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  zipPercent: number;
}

const EMPTY: UploadProgress = { sent: 0, total: 0, percent: 0, speed: 0, zipPercent: 0 };
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
}

/** The queue, the phases and the progress of the upload screen (spec §2, §4). */
export function useUploader(deps: UploaderDeps) {
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress>(EMPTY);
  const [error, setError] = useState<{ code: UploadErrorCode; status?: number } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const samples = useRef<{ t: number; sent: number }[]>([]);
  const depsRef = useRef(deps);
  depsRef.current = deps;
  const busy = isBusy(phase);

  const add = useCallback((items: QueueItem[]) => setQueue((q) => addToQueue(q, items)), []);
  const remove = useCallback((path: string) => setQueue((q) => removeFromQueue(q, path)), []);
  const clear = useCallback(() => setQueue([]), []);

  const start = useCallback(async () => {
    const d = depsRef.current;
    if (!d.drive || !d.user || !canUpload(queue, true, busy)) return;
    const ac = new AbortController();
    abortRef.current = ac;
    setError(null);
    setProgress(EMPTY);
    samples.current = [];
    let current: Phase = transition('idle', 'preparing');
    setPhase(current);
    const plan = planUpload(queue, d.threshold, new Date(), firstNameOf(d.user));
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
        ensureFreshToken: () => depsRef.current.ensureFresh(ac.signal),
        relogin: () => depsRef.current.relogin(ac.signal),
        onPhase: (p) => {
          current = transition(current, p);
          setPhase(current);
        },
        onProgress: (sent, total) => {
          const now = performance.now();
          const s = samples.current;
          s.push({ t: now, sent });
          while (s.length > 2 && now - s[0]!.t > SPEED_WINDOW_MS) s.shift();
          const first = s[0]!;
          const speed = now > first.t ? ((sent - first.sent) * 1000) / (now - first.t) : 0;
          setProgress((p) => ({
            ...p,
            sent,
            total,
            percent: total > 0 ? Math.floor((sent / total) * 100) : 100,
            speed: Math.max(0, speed),
          }));
        },
        onZipPercent: (zipPercent) => setProgress((p) => (p.zipPercent === zipPercent ? p : { ...p, zipPercent })),
      });
      setQueue([]);
      depsRef.current.onUploaded(items);
    } catch (err) {
      // Cancel is silent ('Upload canceled').
      if (err instanceof UploadError && err.code === 'expired') {
        depsRef.current.onExpired();
      } else if (!isCanceled(err) && !ac.signal.aborted) {
        if (err instanceof UploadError)
          setError({ code: err.code, ...(err.status !== undefined ? { status: err.status } : {}) });
        else setError({ code: 'failed' });
        console.warn('upload failed', err instanceof Error ? err.message : err);
      }
    } finally {
      abortRef.current = null;
      setPhase('idle');
      setProgress(EMPTY);
    }
  }, [queue, busy]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  return { queue, add, remove, clear, start, cancel, phase, progress, error, busy };
}
