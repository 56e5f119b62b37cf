import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@ferry/shell-sdk/ui';
import { NAMESPACE } from '../i18n';

/**
 * Above the drop zone of a suspended account: it cannot upload or make links, and where to read why
 * (the account page names the reason and the appeal address). The gateway refuses its links anyway.
 */
export function SuspendedBanner({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [suspended, setSuspended] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/account/standing', {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      cache: 'no-store',
      signal: abort.signal,
    })
      .then(async (res) => (res.ok ? ((await res.json()) as { suspended?: unknown }) : null))
      .then(
        (body) => setSuspended(body?.suspended === true),
        () => undefined,
      );
    return () => abort.abort();
  }, [token]);
  if (!suspended) return null;
  return (
    <Notice tone="error" data-testid="upload-suspended">
      {t('errors.suspended')}
    </Notice>
  );
}
