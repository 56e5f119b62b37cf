import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAL_STARTED_EVENT, useShell } from '@ferry/shell-sdk';
import { Button, ConfirmDialog, Notice, Skeleton } from '@ferry/shell-sdk/ui';
import { BillingApi, type AccessStatus } from '../api/billing-api';
import { AccountHeader } from '../components/AccountHeader';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { NAMESPACE } from '../i18n';
import '@ferry/shell-sdk/ui.css';
import '../components/account.css';


/** Spec §4 account screen states (cancel in progress / cancelled live beside `loaded`). */
type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'no-data' } | { kind: 'loaded'; status: AccessStatus };

/** The account page: e-mail, subscription status and cancel (spec §2, §4, §8). */
export function AccountRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { auth, language } = useShell();
  const token = auth?.isAuthenticated ? auth.token : null;
  const email = auth?.user?.email ?? auth?.email ?? '';
  const api = useMemo(() => (token ? new BillingApi(token, email) : null), [token, email]);

  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelledNow, setCancelledNow] = useState(false);
  const [cancelError, setCancelError] = useState(false);
  // Bumped when the shell reports the trial start: right after sign-in the status may load first.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const onStarted = () => setReloads((n) => n + 1);
    window.addEventListener(TRIAL_STARTED_EVENT, onStarted);
    return () => window.removeEventListener(TRIAL_STARTED_EVENT, onStarted);
  }, []);

  useEffect(() => {
    if (!api) return;
    const abort = new AbortController();
    if (reloads === 0) setLoad({ kind: 'loading' });
    api.status(abort.signal).then(
      (r) => setLoad(r.kind === 'loaded' ? { kind: 'loaded', status: r.status } : { kind: 'no-data' }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('account: subscription status failed', err instanceof Error ? err.message : err);
        setLoad({ kind: 'error' });
      },
    );
    return () => abort.abort();
  }, [api, reloads]);

  const onCancel = useCallback(async () => {
    if (!api || cancelling) return;
    setCancelling(true);
    setCancelError(false);
    try {
      await api.cancel();
      setCancelledNow(true);
    } catch (err) {
      console.warn('account: cancel failed', err instanceof Error ? err.message : err);
      setCancelError(true);
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  }, [api, cancelling]);

  let body: ReactNode;
  if (auth && !auth.authReady) {
    body = <Skeleton label={t('loading')} />;
  } else if (!token) {
    body = (
      <div className="account-signed-out">
        <p>{t('notLoggedIn')}</p>
        {auth && (
          <Button variant="primary" onClick={() => auth.login('/account')}>
            {t('signIn')}
          </Button>
        )}
      </div>
    );
  } else if (load.kind === 'loading') {
    body = <Skeleton label={t('loading')} />;
  } else if (load.kind === 'error') {
    body = (
      <Notice tone="error">
        {t('loadError')}
      </Notice>
    );
  } else if (load.kind === 'no-data') {
    body = <p className="account-no-data">{t('noData')}</p>;
  } else {
    body = (
      <SubscriptionCard
        status={load.status}
        language={language}
        cancelling={cancelling}
        cancelled={cancelledNow || Boolean(load.status.cancelled_at)}
        cancelError={cancelError}
        onCancel={() => setConfirming(true)}
      />
    );
  }

  return (
    <article className="account-page">
      <AccountHeader />
      {token && email && (
        <p className="account-email" data-testid="account-email">
          {t('signedInAs', { email })}
        </p>
      )}
      {body}
      <ConfirmDialog
        open={confirming}
        title={t('confirmCancel.title')}
        description={t('confirmCancel.body')}
        confirmLabel={cancelling ? t('cancelling') : t('cancel')}
        cancelLabel={t('confirmCancel.keep')}
        onConfirm={() => void onCancel()}
        onCancel={() => setConfirming(false)}
        busy={cancelling}
        destructive
        data-testid="cancel-dialog"
      />
    </article>
  );
}
