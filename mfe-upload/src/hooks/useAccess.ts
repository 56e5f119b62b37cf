import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductApi, UploadAccess } from '../api/product-api';

/**
 * Whether the signed-in account may make new links (spec §4 subscription): read when the screen
 * opens and again before each upload starts; a 402 from the gateway marks it ended too. While it
 * is unknown, uploads go ahead: the gateway refuses what the account may not do.
 */
export function useAccess(api: ProductApi, signedIn: boolean, language: string) {
  const [access, setAccess] = useState<UploadAccess | null>(null);
  const languageRef = useRef(language);
  languageRef.current = language;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void api.access(languageRef.current).then((a) => live && a && setAccess(a));
    return () => {
      live = false;
    };
  }, [api, signedIn]);

  /** Asks again; true when an upload may start. */
  const check = useCallback(async () => {
    const a = await api.access(languageRef.current);
    if (a) setAccess(a);
    return !a?.expired;
  }, [api]);

  /** The gateway refused a link with 402: the plan ended while the screen was open. */
  const markExpired = useCallback(() => setAccess((a) => ({ plan: a?.plan ?? 'trial', expired: true })), []);

  return { expired: access?.expired === true, plan: access?.plan ?? 'trial', check, markExpired };
}
