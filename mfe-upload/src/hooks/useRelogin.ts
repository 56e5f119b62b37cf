import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShellAuth } from '@ferry/shell-sdk';
import { RELOGIN_THROTTLE_MS } from '../upload/constants';
import { sleep } from '../upload/errors';

/** Query of the page the re-login popup lands on; that page closes itself. */
export const RELOGIN_DONE_PARAM = 'relogin';

/**
 * Re-login without leaving the page (spec §4: a token older than 1 hour triggers a new login and
 * the upload resumes automatically). The queue's File objects and the resumable session URLs live
 * in this page's memory and cannot survive a full reload, so the sign-in runs in a popup window:
 * the gateway's normal flow ends on /auth/callback in the popup, which stores the new token in
 * local storage; the shell in this tab picks it up from the storage event and the waiting upload
 * continues. When the browser blocks the popup (no user gesture), `needsAction` asks for one click.
 */
export function useRelogin(auth: ShellAuth | null) {
  const authRef = useRef(auth);
  authRef.current = auth;
  const [waiting, setWaiting] = useState(false);
  const [needsAction, setNeedsAction] = useState(false);
  const lastAttempt = useRef(Number.NEGATIVE_INFINITY);
  const popup = useRef<Window | null>(null);

  const open = useCallback((): boolean => {
    const now = Date.now();
    if (now - lastAttempt.current < RELOGIN_THROTTLE_MS) return false;
    lastAttempt.current = now;
    const next = `/upload?${RELOGIN_DONE_PARAM}=done`;
    const w = window.open(`/api/auth/login?next=${encodeURIComponent(next)}`, 'ferry-relogin', 'popup,width=520,height=700');
    popup.current = w;
    setNeedsAction(!w);
    return !!w;
  }, []);

  /** Waits until a token newer than `staleToken` (or any fresh one) is present. */
  const waitForFresh = useCallback(
    async (staleToken: string | null, signal?: AbortSignal) => {
      setWaiting(true);
      try {
        open();
        for (;;) {
          const a = authRef.current;
          if (a?.token && a.token !== staleToken && !a.isTokenStale()) break;
          await sleep(250, signal);
        }
        setNeedsAction(false);
        if (popup.current && !popup.current.closed) popup.current.close();
        popup.current = null;
      } finally {
        setWaiting(false);
      }
    },
    [open],
  );

  /** Before a chunk or call: a stale token (> 1 h) pauses until the re-login finished. */
  const ensureFresh = useCallback(
    async (signal?: AbortSignal) => {
      const a = authRef.current;
      if (!a || !a.isTokenStale()) return;
      await waitForFresh(a.token, signal);
    },
    [waitForFresh],
  );

  /** After a Drive 401: sign in again. */
  const relogin = useCallback(async (signal?: AbortSignal) => waitForFresh(authRef.current?.token ?? null, signal), [waitForFresh]);

  // The popup's own page: close once it arrives back on Ferry with the new token.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    // No opener check: the gateway's Cross-Origin-Opener-Policy severs it when the popup visits
    // the provider. A tab the user opened is not closable by script, so close() is then a no-op.
    if (params.get(RELOGIN_DONE_PARAM) === 'done') window.close();
  }, []);

  return { ensureFresh, relogin, waiting, needsAction, retry: open };
}
