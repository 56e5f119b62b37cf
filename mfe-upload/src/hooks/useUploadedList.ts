import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductApi } from '../api/product-api';
import { DriveError, type DriveClient } from '../drive/drive-client';
import { loadUploaded, type UploadedFile } from '../list/uploaded';
import { DOWNLOAD_POLL_MIN_MS, DOWNLOAD_POLL_MS, TAGS, UI_TIMINGS } from '../upload/constants';
import { rowExtendedExpiry } from '../list/link-life';
import { readFreeQuota, sharedRootFolder } from '../upload/engine';

export type RowMark = 'new' | 'deleting' | 'count-up';

/** The uploaded list (spec §2), free space, polling of download counts and expiry clean-up. */
export function useUploadedList(
  drive: DriveClient | null,
  api: ProductApi,
  signedIn: boolean,
  relogin: () => Promise<void>,
) {
  const [rows, setRows] = useState<UploadedFile[]>([]);
  const [rootId, setRootId] = useState<string | null>(null);
  const [free, setFree] = useState<number | null>(null);
  const [accountEmail, setAccountEmail] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [marks, setMarks] = useState<Record<string, RowMark>>({});
  const [counts, setCounts] = useState<Record<string, number>>({});
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const lastPoll = useRef(0);
  const refreshSeq = useRef(0);

  const mark = useCallback((ids: string[], m: RowMark, ms: number = UI_TIMINGS.rowHighlightMs) => {
    setMarks((prev) => ({ ...prev, ...Object.fromEntries(ids.map((id) => [id, m])) }));
    setTimeout(
      () =>
        setMarks((prev) =>
          Object.fromEntries(Object.entries(prev).filter(([id, v]) => !(ids.includes(id) && v === m))),
        ),
      ms,
    );
  }, []);

  const withAuth = useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (err) {
        if (err instanceof DriveError && err.isAuth) {
          await relogin();
          return call();
        }
        throw err;
      }
    },
    [relogin],
  );

  const refreshQuota = useCallback(async () => {
    if (!drive) return;
    const q = await withAuth(() => readFreeQuota(drive)).catch(
      () => ({ free: null }) as { free: null; email?: string },
    );
    setFree(q.free);
    if (q.email) setAccountEmail(q.email);
  }, [drive, withAuth]);

  const refresh = useCallback(
    async (newIds: string[] = []) => {
      if (!drive) return;
      // Only the latest refresh may write: an older, slower one would bring back a stale list.
      const seq = ++refreshSeq.current;
      try {
        const root = rootId ?? (await withAuth(() => sharedRootFolder(drive))).id;
        if (!rootId) setRootId(root);
        const list = await withAuth(() => loadUploaded(drive, api, root));
        if (seq !== refreshSeq.current) return;
        setRows(list);
        setCounts((prev) => ({
          ...Object.fromEntries(
            list.filter((r) => r.slug && r.downloads !== undefined).map((r) => [r.slug!, r.downloads!]),
          ),
          ...prev,
        }));
        if (newIds.length) mark(newIds, 'new');
      } catch (err) {
        console.warn('uploaded list not loaded', err instanceof Error ? err.message : err);
      } finally {
        setLoaded(true);
      }
    },
    [drive, api, rootId, withAuth, mark],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per drive and session; refresh changes with the rootId it sets itself, so depending on it would load the list twice
  useEffect(() => {
    if (!drive || !signedIn) return;
    void refreshQuota();
    void refresh();
  }, [drive, signedIn]);

  // Expiry: rows whose clock passed leave the list (spec §4); the link service's sweeper removes
  // the file from the drive, server-side, so nothing is deleted from here.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const gone = rowsRef.current.filter((r) => Date.parse(r.expiresAt) <= now);
      if (gone.length === 0) return;
      setRows((prev) => prev.filter((r) => !gone.includes(r)));
    }, 1_000);
    return () => clearInterval(timer);
  }, []);

  // Download counts: every 5 s (never faster than 1.5 s); a rise highlights the count.
  useEffect(() => {
    if (!signedIn) return;
    const poll = async () => {
      const now = Date.now();
      if (now - lastPoll.current < DOWNLOAD_POLL_MIN_MS) return;
      lastPoll.current = now;
      const withSlug = rowsRef.current.filter((r) => r.slug);
      const results = await Promise.all(withSlug.map(async (r) => [r, await api.downloadCount(r.slug!)] as const));
      setCounts((prev) => {
        const next = { ...prev };
        const risen: string[] = [];
        for (const [r, n] of results) {
          if (n === undefined) continue;
          if (prev[r.slug!] !== undefined && n > prev[r.slug!]!) risen.push(r.id);
          next[r.slug!] = n;
        }
        if (risen.length) setTimeout(() => mark(risen, 'count-up'), 0);
        return next;
      });
    };
    const timer = setInterval(() => void poll(), DOWNLOAD_POLL_MS);
    return () => clearInterval(timer);
  }, [api, signedIn, mark]);

  const extend = useCallback(
    async (row: UploadedFile) => {
      if (!drive) return;
      // The link service's own rule: max(expiry, now) + 1 day, never past 30 days after the upload.
      const expiresAt = rowExtendedExpiry(row);
      if (!expiresAt) return;
      await withAuth(() => drive.patch(row.id, { appProperties: { [TAGS.expiresAt]: expiresAt } }));
      if (row.slug) await api.extend(row.slug, expiresAt, row.ownerSubdomain);
      setRows((prev) =>
        prev.map((r) =>
          r.id === row.id ? { ...r, expiresAt, appProperties: { ...r.appProperties, [TAGS.expiresAt]: expiresAt } } : r,
        ),
      );
    },
    [drive, api, withAuth],
  );

  const remove = useCallback(
    async (row: UploadedFile) => {
      if (!drive) return;
      mark([row.id], 'deleting', UI_TIMINGS.deleteDelayMs + UI_TIMINGS.rowHighlightMs);
      await new Promise((r) => setTimeout(r, UI_TIMINGS.deleteDelayMs));
      // The link service's path for expiry too: revoke first (private at once), then the trash.
      await withAuth(async () => {
        await drive.revokePublic(row.id);
        await drive.trash(row.id);
      }).catch((err) => {
        if (!(err instanceof DriveError && err.status === 404)) throw err;
      });
      if (row.slug) await api.deleteLink(row.slug);
      setRows((prev) => prev.filter((r) => r.id !== row.id));
      void refreshQuota();
    },
    [drive, api, withAuth, mark, refreshQuota],
  );

  const afterUpload = useCallback(
    (ids: string[]) => {
      void refresh(ids);
      void refreshQuota();
    },
    [refresh, refreshQuota],
  );

  return { rows, loaded, free, accountEmail, marks, counts, refresh, extend, remove, afterUpload };
}
