import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAL_STARTED_EVENT, useShell } from '@ferry/shell-sdk';
import { AddressText, Button, ConfirmDialog, Notice, Skeleton, type NoticeTone } from '@ferry/shell-sdk/ui';
import { BillingApi, BillingApiError, type AccessStatus, type PaidPlan } from '../api/billing-api';
import { AccountHeader } from '../components/AccountHeader';
import { PlanPicker, type PlansLoad } from '../components/PlanPicker';
import { SubscriptionCard, type AccountAction } from '../components/SubscriptionCard';
import { YourData } from '../components/YourData';
import { SuspendedNotice } from '../components/SuspendedNotice';
import { formatDate } from '../domain/format';
import { leaveTo } from '../domain/leave';
import { badgeOf, offersPlans } from '../domain/plan';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { NAMESPACE } from '../i18n';
import '@ferry/shell-sdk/ui.css';
import '../components/account.css';

/** Spec §4 account screen states (cancel in progress / cancelled live beside `loaded`). */
type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'no-data' } | { kind: 'loaded'; status: AccessStatus };

/** The outcome of the last action, shown in the page (never a native alert): a key of the namespace. */
type Message = { tone: NoticeTone; key: string };

const codeOf = (err: unknown) => (err instanceof BillingApiError ? err.code : undefined);

/** The account page: e-mail, subscription status, plans and Checkout, billing portal, cancel and resume (spec §2, §4, §8). */
export function AccountRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { auth, language } = useShell();
  const token = auth?.isAuthenticated ? auth.token : null;
  const email = auth?.user?.email ?? auth?.email ?? '';
  const languageRef = useRef(language);
  languageRef.current = language;
  const api = useMemo(() => (token ? new BillingApi(token, email, () => languageRef.current) : null), [token, email]);

  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [plans, setPlans] = useState<PlansLoad>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<AccountAction>(null);
  const [choosing, setChoosing] = useState<PaidPlan | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // The account is being (or was) deleted: its subscription is no longer shown as if it were there.
  const [accountGone, setAccountGone] = useState(false);
  const onDeletion = useCallback(() => setAccountGone(true), []);
  // One action at a time, also against a second click before React has re-rendered.
  const running = useRef(false);
  // Bumped when the shell reports the trial start: right after sign-in the status may load first.
  const [reloads, setReloads] = useState(0);

  const showStatus = useCallback((status: AccessStatus) => setLoad({ kind: 'loaded', status }), []);
  const checkout = useCheckoutReturn(api, showStatus);

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

  const wantsPlans = load.kind === 'loaded' && offersPlans(load.status);
  useEffect(() => {
    if (!api || !wantsPlans) return;
    const abort = new AbortController();
    api.plans(abort.signal).then(
      (list) => setPlans({ kind: 'loaded', plans: list }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('account: plans failed', err instanceof Error ? err.message : err);
        setPlans({ kind: 'error' });
      },
    );
    return () => abort.abort();
  }, [api, wantsPlans]);

  /**
   * Runs one action: its button busy, the others waiting; a second start while one runs does
   * nothing. Work that leaves the page (to Stripe) resolves to 'leaving' and stays busy until the page has gone.
   */
  const run = useCallback(
    async (action: Exclude<AccountAction, null>, work: () => Promise<unknown>) => {
      if (!api || running.current) return;
      running.current = true;
      setBusy(action);
      setMessage(null);
      let leaving = false;
      try {
        leaving = (await work()) === 'leaving';
      } finally {
        if (!leaving) {
          running.current = false;
          setBusy(null);
        }
      }
    },
    [api],
  );

  // Back from Stripe out of the browser's page cache: the page is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      running.current = false;
      setBusy(null);
      setChoosing(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const onCancel = () =>
    run('cancel', async () => {
      try {
        const status = await api!.cancel();
        setLoad((l) =>
          status
            ? { kind: 'loaded', status }
            : l.kind === 'loaded'
              ? { kind: 'loaded', status: { ...l.status, state: 'cancelled', cancelled_at: new Date().toISOString() } }
              : l,
        );
        setMessage({ tone: 'success', key: 'cancelled' });
      } catch (err) {
        console.warn('account: cancel failed', err instanceof Error ? err.message : err);
        setMessage({ tone: 'error', key: 'cancelFailed' });
      } finally {
        setConfirming(false);
      }
    });

  const onResume = () =>
    run('resume', async () => {
      try {
        const status = await api!.resume();
        if (status) showStatus(status);
        else setReloads((n) => n + 1);
        setMessage({ tone: 'success', key: 'resumed' });
      } catch (err) {
        console.warn('account: resume failed', err instanceof Error ? err.message : err);
        setMessage({ tone: 'error', key: codeOf(err) === 'nothing_to_resume' ? 'nothingToResume' : 'resumeFailed' });
        if (codeOf(err) === 'nothing_to_resume') setReloads((n) => n + 1);
      }
    });

  const onPortal = () =>
    run('portal', async () => {
      try {
        leaveTo(await api!.portal());
        return 'leaving';
      } catch (err) {
        console.warn('account: portal failed', err instanceof Error ? err.message : err);
        setMessage({ tone: 'error', key: codeOf(err) === 'no_billing_account' ? 'noBillingAccount' : 'portalError' });
      }
    });

  const onChoose = (plan: PaidPlan) =>
    run('checkout', async () => {
      setChoosing(plan);
      try {
        leaveTo(await api!.checkout(plan));
        return 'leaving';
      } catch (err) {
        console.warn('account: checkout failed', err instanceof Error ? err.message : err);
        const already = codeOf(err) === 'already_subscribed';
        setMessage({ tone: 'error', key: already ? 'plans.alreadySubscribed' : 'plans.checkoutError' });
        if (already) setReloads((n) => n + 1);
        setChoosing(null);
      }
    });

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
    body = <Notice tone="error">{t('loadError')}</Notice>;
  } else if (load.kind === 'no-data') {
    body = <p className="account-no-data">{t('noData')}</p>;
  } else {
    body = (
      <>
        <SubscriptionCard
          status={load.status}
          language={language}
          busy={busy}
          onCancel={() => setConfirming(true)}
          onResume={() => void onResume()}
          onPortal={() => void onPortal()}
        />
        {offersPlans(load.status) && (
          <PlanPicker
            plans={plans}
            language={language}
            ended={badgeOf(load.status) === 'expired'}
            choosing={choosing}
            disabled={busy !== null && busy !== 'checkout'}
            onChoose={(p) => void onChoose(p)}
          />
        )}
      </>
    );
  }

  const until = load.kind === 'loaded' ? formatDate(load.status.paid_until, language) : undefined;
  const checkoutNotice =
    checkout === 'none' || !token ? null : (
      <Notice
        tone={checkout === 'slow' ? 'error' : checkout === 'confirmed' ? 'success' : 'info'}
        data-testid="checkout-notice"
        className="account-notice"
      >
        {t(`checkout.${checkout}`)}
      </Notice>
    );

  return (
    <article className="account-page">
      <AccountHeader />
      {token && email && (
        <p className="account-email" data-testid="account-email">
          <AddressText sentence={(address) => t('signedInAs', { email: address })} address={email} />
        </p>
      )}
      {token && <SuspendedNotice token={token} />}
      {!accountGone && checkoutNotice}
      {!accountGone && message && (
        <Notice tone={message.tone} data-testid="account-message" className="account-notice">
          {t(message.key)}
        </Notice>
      )}
      {!accountGone && body}
      {token && auth && (
        <YourData
          token={token}
          email={email}
          language={language}
          onSignOut={() => auth.logout()}
          onDeletion={onDeletion}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmCancel.title')}
        description={until ? t('confirmCancel.bodyUntil', { date: until }) : t('confirmCancel.body')}
        confirmLabel={busy === 'cancel' ? t('cancelling') : t('cancel')}
        cancelLabel={t('confirmCancel.keep')}
        onConfirm={() => void onCancel()}
        onCancel={() => setConfirming(false)}
        busy={busy === 'cancel'}
        destructive
        data-testid="cancel-dialog"
      />
    </article>
  );
}
