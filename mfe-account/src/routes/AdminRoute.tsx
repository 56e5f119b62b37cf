import { useCallback, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { displayFileName } from '@ferry/shell-sdk/format';
import {
  AddressText,
  Button,
  Dialog,
  DialogActions,
  EmptyState,
  Notice,
  Skeleton,
  StatusBadge,
  type BadgeTone,
} from '@ferry/shell-sdk/ui';
import {
  AdminApi,
  AdminApiError,
  type AdminAction,
  type AdminAuditEntry,
  type AdminReport,
  type AdminSuspension,
} from '../api/admin-api';
import { NAMESPACE } from '../i18n';
import '@ferry/shell-sdk/ui.css';
import '../components/account.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'forbidden' }
  | { kind: 'error' }
  | { kind: 'loaded'; reports: AdminReport[]; suspensions: AdminSuspension[]; audit: AdminAuditEntry[] };

/** The action being confirmed: what, on which link or account, with the reason typed so far. */
type Pending = { action: AdminAction; target: string };

const STATUS_TONE: Record<string, BadgeTone> = {
  active: 'success',
  expired: 'neutral',
  deleted: 'neutral',
  blocked: 'danger',
};

/** /admin: reports, disable or restore a link, suspend or restore an account, and the audit log (administrators only). */
export function AdminRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { auth, language } = useShell();
  const token = auth?.isAuthenticated ? auth.token : null;
  const api = useMemo(() => (token ? new AdminApi(token) : null), [token]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; key: string } | null>(null);
  const reasonId = useId();

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      if (!api) return;
      try {
        const [reports, suspensions, audit] = await Promise.all([
          api.reports(signal),
          api.suspensions(signal),
          api.audit(signal),
        ]);
        setLoad({ kind: 'loaded', reports, suspensions, audit });
      } catch (err) {
        if (signal?.aborted) return;
        setLoad({ kind: err instanceof AdminApiError && err.status === 403 ? 'forbidden' : 'error' });
      }
    },
    [api],
  );

  useEffect(() => {
    const abort = new AbortController();
    void refresh(abort.signal);
    return () => abort.abort();
  }, [refresh]);

  const ask = (action: AdminAction, target: string) => {
    setPending({ action, target });
    setReason('');
    setMessage(null);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!api || !pending || busy) return;
    if (reason.trim() === '') {
      setMessage({ tone: 'error', key: 'admin.needReason' });
      return;
    }
    setBusy(true);
    try {
      await api.act(pending.action, pending.target, reason.trim());
      setPending(null);
      setMessage({ tone: 'success', key: 'admin.done' });
      await refresh();
    } catch {
      setMessage({ tone: 'error', key: 'admin.failed' });
    } finally {
      setBusy(false);
    }
  };

  const date = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    } catch {
      return iso;
    }
  };
  const suspendedEmails = new Set(load.kind === 'loaded' ? load.suspensions.map((s) => s.email) : []);

  let body: ReactNode;
  if (!token || load.kind === 'forbidden') body = <Notice tone="error">{t('admin.notAdmin')}</Notice>;
  else if (load.kind === 'loading') body = <Skeleton label={t('admin.loading')} lines={4} />;
  else if (load.kind === 'error') body = <Notice tone="error">{t('admin.loadError')}</Notice>;
  else
    body = (
      <>
        <section className="admin-section" aria-labelledby="admin-reports">
          <h2 id="admin-reports">{t('admin.reports')}</h2>
          {load.reports.length === 0 ? (
            <EmptyState title={t('admin.noReports')} />
          ) : (
            <ul className="admin-list" data-testid="admin-reports">
              {load.reports.map((r) => {
                const owner = r.link?.ownerEmail ?? '';
                const ownerSuspended = owner !== '' && suspendedEmails.has(owner.toLowerCase());
                return (
                  <li key={r.id} className="admin-card" data-testid="admin-report" data-slug={r.slug}>
                    <div className="admin-card-head">
                      <bdi dir="ltr" className="admin-slug">
                        /{r.slug}
                      </bdi>
                      {r.link && (
                        <StatusBadge tone={STATUS_TONE[r.link.status] ?? 'neutral'}>
                          {t(`admin.status.${r.link.disabled ? 'disabled' : r.link.status}`)}
                        </StatusBadge>
                      )}
                      {ownerSuspended && <StatusBadge tone="danger">{t('admin.ownerSuspended')}</StatusBadge>}
                    </div>
                    <p>
                      <strong>{t(`admin.reasons.${r.reason}`, { defaultValue: r.reason })}</strong> ·{' '}
                      {t('admin.reportedAt', { date: date(r.createdAt) })}
                    </p>
                    {r.details && (
                      <p className="admin-details" dir="auto">
                        {r.details}
                      </p>
                    )}
                    {r.link && (
                      <p className="admin-meta">
                        <bdi data-field="file-name">{displayFileName(r.link.fileName)}</bdi> ·{' '}
                        <AddressText sentence={(a) => t('admin.owner', { email: a })} address={owner} />
                      </p>
                    )}
                    {r.replyTo && (
                      <p className="admin-meta">
                        <AddressText sentence={(a) => t('admin.replyTo', { email: a })} address={r.replyTo} />
                      </p>
                    )}
                    {r.link && (
                      <div className="admin-actions">
                        {r.link.disabled ? (
                          <Button onClick={() => ask('restoreLink', r.slug)} data-testid="admin-restore-link">
                            {t('admin.restoreLink')}
                          </Button>
                        ) : (
                          <Button
                            variant="danger"
                            onClick={() => ask('disableLink', r.slug)}
                            data-testid="admin-disable-link"
                          >
                            {t('admin.disable')}
                          </Button>
                        )}
                        {ownerSuspended ? (
                          <Button onClick={() => ask('restoreAccount', owner)} data-testid="admin-restore-account">
                            {t('admin.restoreAccount')}
                          </Button>
                        ) : (
                          <Button
                            variant="danger"
                            onClick={() => ask('suspendAccount', owner)}
                            data-testid="admin-suspend"
                          >
                            {t('admin.suspend')}
                          </Button>
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="admin-section" aria-labelledby="admin-suspensions">
          <h2 id="admin-suspensions">{t('admin.suspensions')}</h2>
          {load.suspensions.length === 0 ? (
            <EmptyState title={t('admin.noSuspensions')} />
          ) : (
            <ul className="admin-list" data-testid="admin-suspensions">
              {load.suspensions.map((s) => (
                <li key={s.email} className="admin-card">
                  <bdi dir="ltr" className="ferry-address">
                    {s.email}
                  </bdi>
                  <p className="admin-meta">
                    <bdi>{s.reason}</bdi> · {date(s.suspendedAt)}
                  </p>
                  <div className="admin-actions">
                    <Button onClick={() => ask('restoreAccount', s.email)}>{t('admin.restoreAccount')}</Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-section" aria-labelledby="admin-audit">
          <h2 id="admin-audit">{t('admin.audit')}</h2>
          {load.audit.length === 0 ? (
            <EmptyState title={t('admin.noAudit')} />
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" data-testid="admin-audit">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.columns.when')}</th>
                    <th scope="col">{t('admin.columns.who')}</th>
                    <th scope="col">{t('admin.columns.what')}</th>
                    <th scope="col">{t('admin.columns.target')}</th>
                    <th scope="col">{t('admin.columns.why')}</th>
                  </tr>
                </thead>
                <tbody>
                  {load.audit.map((e) => (
                    <tr key={e.id} data-action={e.action} data-target={e.target}>
                      <td>{date(e.createdAt)}</td>
                      <td>
                        <bdi dir="ltr" className="ferry-address">
                          {e.actor}
                        </bdi>
                      </td>
                      <td>{t(`admin.actions.${e.action}`)}</td>
                      <td>
                        <bdi dir="ltr" className="ferry-address">
                          {e.target}
                        </bdi>
                      </td>
                      <td dir="auto">{e.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </>
    );

  return (
    <article className="account-page admin-page" data-testid="admin-page">
      <h1>{t('admin.title')}</h1>
      {message && !pending && (
        <Notice tone={message.tone} data-testid="admin-message">
          {t(message.key)}
        </Notice>
      )}
      {body}
      <Dialog
        open={pending !== null}
        onClose={() => !busy && setPending(null)}
        dismissible={!busy}
        title={pending ? t(`admin.confirm.${pending.action}`) : ''}
        description={pending ? <bdi dir="ltr">{pending.target}</bdi> : undefined}
        data-testid="admin-confirm"
      >
        <form onSubmit={(e) => void onConfirm(e)} className="admin-confirm-form">
          <label htmlFor={reasonId}>{t('admin.reasonLabel')}</label>
          <input id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
          {message?.tone === 'error' && pending && <Notice tone="error">{t(message.key)}</Notice>}
          <DialogActions>
            <Button onClick={() => setPending(null)} disabled={busy}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={busy} data-testid="admin-confirm-go">
              {t('admin.confirmButton')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </article>
  );
}
