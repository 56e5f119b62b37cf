import { useCallback, useEffect, useRef, useState } from 'react';
import { displayFileName } from '@ferry/rules';
// Types only: the contract's schemas (zod) stay out of the browser bundle; the answer is read defensively below.
import type { ShareInfoResponse } from '@ferry/http-contract';

/** Spec §3 share info as the page uses it (from GET /api/s?meta=1). */
export interface ShareInfo {
  fileName: string;
  size: number;
  expiresAtMs: number;
  downloadUrl: string;
  ownerEmail?: string;
  ownerSubdomain?: string;
  /** The download needs the sender's password first. */
  passwordRequired?: boolean;
  /** A transfer (a folder upload with one link): its files, each downloaded on its own. */
  files?: TransferFile[];
}

/** One file of a transfer. */
export interface TransferFile {
  index: number;
  name: string;
  size: number;
  mimeType: string;
  downloadUrl: string;
}

function transferFiles(raw: unknown, slug: string): TransferFile[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  return raw.flatMap((f: Partial<TransferFile>) => {
    const index = num(f.index);
    if (index === undefined || index < 1) return [];
    return [
      {
        index,
        name: displayFileName(str(f.name) ?? String(index)),
        size: num(f.size) ?? 0,
        mimeType: str(f.mimeType) ?? '',
        downloadUrl: str(f.downloadUrl) ?? `/api/d/${slug}/${index}`,
      },
    ];
  });
}

export type ShareState =
  | { kind: 'loading' }
  | { kind: 'found'; info: ShareInfo }
  | { kind: 'error' }
  | { kind: 'not-found'; reason: GoneReason }
  | { kind: 'missing' };

/**
 * Why a link shows no file, as far as the API can tell: 404 is missing; 410 says expired, removed,
 * its download limit reached, or no longer available (disabled: the page says no more than that).
 */
export type GoneReason = 'expired' | 'removed' | 'limit' | 'unavailable' | 'missing';

const GONE_REASONS: ReadonlySet<string> = new Set(['removed', 'limit', 'unavailable']);

async function goneReason(res: Response): Promise<GoneReason> {
  if (res.status === 404) return 'missing';
  const body = (await res.json().catch(() => ({}))) as { reason?: unknown };
  return typeof body.reason === 'string' && GONE_REASONS.has(body.reason) ? (body.reason as GoneReason) : 'expired';
}

function isGoneReason(value: string | null): value is GoneReason {
  return value === 'expired' || value === 'missing' || (value !== null && GONE_REASONS.has(value));
}

/** Spec §4: refetch every 12 s and when the tab becomes visible. */
export const REFRESH_MS = 12_000;
const disabledKey = (slug: string) => `ferry_resolve_disabled:${slug}`;

function num(...values: unknown[]): number | undefined {
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return undefined;
}

function str(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

export function normaliseShareInfo(raw: Partial<ShareInfoResponse>, slug: string): ShareInfo {
  const expiresAtText = str(raw.expiresAt);
  return {
    // Shown on the page, in its title and description: one line, no bidi controls, bounded.
    fileName: displayFileName(str(raw.fileName, raw.name) ?? slug),
    size: num(raw.size, raw.bytes, raw.sizeBytes) ?? 0,
    expiresAtMs: num(raw.expiresAtMs) ?? (expiresAtText ? Date.parse(expiresAtText) : 0),
    downloadUrl: str(raw.downloadUrl) ?? `/api/d/${slug}`,
    ownerEmail: str(raw.ownerEmail, raw.senderEmail),
    ownerSubdomain: str(raw.ownerSubdomain, raw.owner_subdomain),
    ...(raw.passwordRequired === true ? { passwordRequired: true } : {}),
    ...transferPart(raw.files, slug),
  };
}

function transferPart(raw: unknown, slug: string): { files?: TransferFile[] } {
  const files = transferFiles(raw, slug);
  return files ? { files } : {};
}

/** The reason a slug stopped resolving in this tab, if it did. */
function resolveDisabled(slug: string): GoneReason | undefined {
  try {
    const stored = window.sessionStorage.getItem(disabledKey(slug));
    return isGoneReason(stored) ? stored : stored === null ? undefined : 'missing';
  } catch {
    return undefined;
  }
}

function disableResolve(slug: string, reason: GoneReason): void {
  try {
    window.sessionStorage.setItem(disabledKey(slug), reason);
  } catch {
    // storage unavailable: the state itself still stops further fetches
  }
}

/** The share info of a slug, kept fresh; a 404 or 410 ends resolving for that slug. */
export function useShareInfo(slug: string | undefined): ShareState {
  const [state, setState] = useState<ShareState>(() => {
    if (!slug) return { kind: 'missing' };
    const gone = resolveDisabled(slug);
    return gone ? { kind: 'not-found', reason: gone } : { kind: 'loading' };
  });
  const stopped = useRef(false);

  const load = useCallback(async () => {
    if (!slug || stopped.current) return;
    try {
      const res = await fetch(`/api/s?slug=${encodeURIComponent(slug)}&meta=1`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (res.status === 404 || res.status === 410) {
        stopped.current = true;
        const reason = await goneReason(res);
        disableResolve(slug, reason);
        setState({ kind: 'not-found', reason });
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const info = normaliseShareInfo((await res.json()) as Partial<ShareInfoResponse>, slug);
      setState({ kind: 'found', info });
    } catch {
      setState((s) => (s.kind === 'found' ? s : { kind: 'error' }));
    }
  }, [slug]);

  useEffect(() => {
    if (!slug) {
      setState({ kind: 'missing' });
      return;
    }
    const gone = resolveDisabled(slug);
    stopped.current = gone !== undefined;
    if (gone) {
      setState({ kind: 'not-found', reason: gone });
      return;
    }
    setState({ kind: 'loading' });
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [slug, load]);

  return state;
}
