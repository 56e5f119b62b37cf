import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText, Notice } from '@ferry/shell-sdk/ui';
import { AdminApi, type AccountStanding } from '../api/admin-api';
import { NAMESPACE } from '../i18n';

/** On the account page of a suspended account: that it is suspended, why, and how to appeal. */
export function SuspendedNotice({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [standing, setStanding] = useState<AccountStanding | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    new AdminApi(token).standing(abort.signal).then(setStanding, (err: unknown) => {
      if (!abort.signal.aborted) console.warn('account: standing failed', err instanceof Error ? err.message : err);
    });
    return () => abort.abort();
  }, [token]);
  if (!standing?.suspended) return null;
  return (
    <Notice tone="error" className="account-suspended" data-testid="account-suspended">
      <strong>{t('suspended.title')}</strong>
      <span>{t('suspended.text')}</span>
      {standing.reason && (
        <span data-testid="account-suspended-reason">{t('suspended.reason', { reason: standing.reason })}</span>
      )}
      {standing.appealTo && (
        <span>
          <AddressText sentence={(address) => t('suspended.appeal', { address })} address={standing.appealTo} />
        </span>
      )}
    </Notice>
  );
}
