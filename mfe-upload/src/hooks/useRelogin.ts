import { useCallback, useRef } from 'react';
import type { ShellAuth } from '@ferry/shell-sdk';
import { UploadError } from '../upload/errors';

/**
 * The upload's side of spec §4's re-login: the shell signs in again in a popup (its
 * `reloginForUpload`, throttled to once per 5 s) while this page keeps its queue and upload
 * sessions; the upload waits here and goes on once the fresh token is stored.
 */
export function useRelogin(auth: ShellAuth | null) {
  const authRef = useRef(auth);
  authRef.current = auth;

  /** After a Drive 401, or for a stale token: waits for the shell's re-login. */
  const relogin = useCallback(async (signal?: AbortSignal) => {
    const a = authRef.current;
    if (!a) return;
    if (typeof a.retryRelogin !== 'function') {
      // A shell released before the popup re-login: only a full-page sign-in (the queue is lost).
      a.login('/upload');
      throw new UploadError('canceled');
    }
    await a.reloginForUpload(signal).catch(() => {
      throw new UploadError('canceled');
    });
  }, []);

  /** Before a chunk or call: a token older than 1 h pauses until the re-login finished. */
  const ensureFresh = useCallback(
    async (signal?: AbortSignal) => {
      if (authRef.current?.isTokenStale()) await relogin(signal);
    },
    [relogin],
  );

  // Compared by value, not `!== 'idle'`: a shell released before the popup re-login has no state.
  const waiting = auth?.relogin === 'waiting' || auth?.relogin === 'blocked';
  return { ensureFresh, relogin, waiting, retry: () => authRef.current?.retryRelogin() };
}
