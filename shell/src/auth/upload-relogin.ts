import type { ReloginState } from '@ferry/shell-sdk';
import { AUTH_TIMINGS } from './constants';

/** The part of a popup window the re-login uses. */
export interface PopupWindow {
  close(): void;
}

/** What the re-login needs of the auth controller and the browser. */
export interface UploadReloginHost {
  token(): string | null;
  /** Spec §4: a token older than 1 hour is stale for uploading. */
  isTokenStale(): boolean;
  /** Re-reads the stored session (the poll while waiting, in case a storage event is missed). */
  checkSession(): void;
  /** Opens a popup window; null when the browser blocked it. */
  openPopup(url: string): PopupWindow | null;
  now(): number;
  setState(relogin: ReloginState): void;
  debug(message: string): void;
}

/** The popup's query parameter: when it was opened, so a sign-out after that wins over its token. */
export const RELOGIN_PARAM = 'relogin';
const RETURN_PATH = '/upload';
const POLL_MS = 250;

/** Where a popup opened at `openedAt` returns to. */
export function reloginReturnPath(openedAt: number): string {
  return `${RETURN_PATH}?${RELOGIN_PARAM}=${openedAt}`;
}

/** When the popup whose callback returns to `next` was opened; undefined when `next` is no re-login. */
export function reloginOpenedAt(next: string | undefined): number | undefined {
  if (!next) return undefined;
  const url = new URL(next, 'http://ferry.invalid');
  const openedAt = Number(url.searchParams.get(RELOGIN_PARAM) ?? Number.NaN);
  return url.pathname === RETURN_PATH && Number.isFinite(openedAt) ? openedAt : undefined;
}

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
}

interface Pending {
  /** The token the re-login replaces (null when there was none). */
  staleToken: string | null;
  waiters: Set<Waiter>;
  popup: PopupWindow | null;
  poll: ReturnType<typeof setInterval>;
}

/**
 * Spec §4's re-login for uploads, in a popup so that the uploading page (its queue and upload
 * sessions in memory) stays. Callers during one re-login share it; it ends when a fresh token is
 * stored, when its last caller stops waiting, or on sign-out. Popups open on their own at most once
 * per 5 s; within that, and when the browser blocks one, the state is `blocked` and a click
 * (`retry`) opens it: a popup opened later from a timer would be blocked anyway.
 */
export class UploadRelogin {
  private pending: Pending | undefined;
  private lastOpened = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly host: UploadReloginHost,
    private readonly provider: string,
  ) {}

  /** Resolves once a fresh token is stored; rejects with the signal's reason when it aborts first. */
  wait(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const pending = this.pending ?? this.begin();
    const done = new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      pending.waiters.add(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          pending.waiters.delete(waiter);
          reject(signal.reason);
          // Nobody waits any more (the upload was canceled): the next re-login starts afresh.
          if (pending.waiters.size === 0 && this.pending === pending) this.end({ resolve: true });
        },
        { once: true },
      );
    });
    return done;
  }

  /** Opens the popup from a click: the user's own request, so not held back by the throttle. */
  retry(): void {
    if (this.pending) this.open(true);
  }

  /** Ends the re-login once a fresh token, other than the stale one, is stored. */
  settle(): void {
    const pending = this.pending;
    const token = this.host.token();
    if (!pending || !token || token === pending.staleToken || this.host.isTokenStale()) return;
    this.end({ resolve: true });
  }

  /** Sign-out: every caller gets `reason`, the popup closes. */
  cancel(reason: unknown): void {
    this.end({ reason });
  }

  /** Stops the poll (the controller stops); callers are left as they are. */
  dispose(): void {
    if (this.pending) clearInterval(this.pending.poll);
  }

  private begin(): Pending {
    const pending: Pending = {
      staleToken: this.host.token(),
      waiters: new Set(),
      popup: null,
      poll: setInterval(() => this.host.checkSession(), POLL_MS),
    };
    this.pending = pending;
    this.open(false);
    return pending;
  }

  private open(byClick: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    const now = this.host.now();
    if (!byClick && now - this.lastOpened < AUTH_TIMINGS.reloginThrottleMs) {
      this.host.debug('relogin popup throttled');
      this.host.setState('blocked');
      return;
    }
    const next = reloginReturnPath(now);
    pending.popup = this.host.openPopup(`/api/auth/${this.provider}?next=${encodeURIComponent(next)}`);
    // A blocked popup started no sign-in.
    if (pending.popup) this.lastOpened = now;
    this.host.debug(`relogin popup ${pending.popup ? 'opened' : 'blocked'}`);
    this.host.setState(pending.popup ? 'waiting' : 'blocked');
  }

  private end(outcome: { resolve: true } | { reason: unknown }): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearInterval(pending.poll);
    // The popup closes itself after its sign-in; this covers the other endings.
    pending.popup?.close();
    this.host.setState('idle');
    for (const waiter of pending.waiters) {
      if ('reason' in outcome) waiter.reject(outcome.reason);
      else waiter.resolve();
    }
  }
}
