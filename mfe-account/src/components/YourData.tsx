import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, Notice } from '@ferry/shell-sdk/ui';
import { MyDataApi, type AccountDeletionState } from '../api/my-data-api';
import { deletionProgress, pollDelayMs } from '../domain/deletion-progress';
import { NAMESPACE } from '../i18n';

/** What the confirmation names, in the order the deletion does it. */
const CONSEQUENCES = ['subscription', 'links', 'data', 'access', 'signOut', 'mail'] as const;

export interface YourDataProps {
  token: string;
  email: string;
  language: string;
  /** The deletion finished: the shell forgets the session (its token no longer works anywhere). */
  onSignOut(): void;
  /** A deletion is running or done: the page stops showing the subscription as if it were still there. */
  onDeletion?(): void;
}

/** Saves a Blob under a name, as a link the user clicked would. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The account page's "Your data": a JSON export, and the deletion of the account with its progress. */
export function YourData({ token, email, language, onSignOut, onDeletion }: YourDataProps) {
  const { t } = useTranslation(NAMESPACE);
  const languageRef = useRef(language);
  languageRef.current = language;
  const api = useMemo(() => new MyDataApi(token, () => languageRef.current), [token]);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [trashFiles, setTrashFiles] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deletion, setDeletion] = useState<AccountDeletionState | null>(null);
  const [error, setError] = useState<'exportFailed' | 'deleteFailed' | null>(null);

  // A deletion already under way (the page was reloaded) shows where it is.
  useEffect(() => {
    const abort = new AbortController();
    api.deletion(abort.signal).then(
      (d) => setDeletion(d.state === 'none' ? null : d),
      () => undefined,
    );
    return () => abort.abort();
  }, [api]);

  const underWay = deletion !== null;
  useEffect(() => {
    if (underWay) onDeletion?.();
  }, [underWay, onDeletion]);

  const running = deletion?.state === 'running';
  useEffect(() => {
    if (!running) return;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const abort = new AbortController();
    const next = () => {
      timer = setTimeout(() => {
        api.deletion(abort.signal).then(
          (d) => {
            setDeletion(d);
            if (d.state === 'running') next();
          },
          () => !abort.signal.aborted && next(),
        );
      }, pollDelayMs(polls++));
    };
    next();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [api, running]);

  const onExport = async () => {
    setExporting(true);
    setError(null);
    try {
      const { blob, fileName } = await api.export(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
      save(blob, fileName);
    } catch (err) {
      console.warn('account: export failed', err instanceof Error ? err.message : err);
      setError('exportFailed');
    } finally {
      setExporting(false);
    }
  };

  const onDelete = async () => {
    setDeleting(true);
    setError(null);
    try {
      setDeletion(await api.deleteAccount(trashFiles));
      setConfirming(false);
    } catch (err) {
      console.warn('account: delete failed', err instanceof Error ? err.message : err);
      setError('deleteFailed');
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  const progress = deletion ? deletionProgress(deletion) : null;
  return (
    <section className="account-data" aria-labelledby="account-data-title" data-testid="your-data">
      <h2 id="account-data-title">{t('myData.title')}</h2>
      {deletion?.state === 'done' ? (
        <Notice tone="success" data-testid="deletion-done">
          <p>{t('myData.done', { email })}</p>
          <Button onClick={onSignOut}>{t('myData.leave')}</Button>
        </Notice>
      ) : deletion ? (
        <div data-testid="deletion-running" aria-live="polite">
          <p>{t('myData.running', { done: progress!.done, total: progress!.total })}</p>
          <progress className="account-data__progress" max={progress!.total} value={progress!.done} />
          {deletion.retries > 0 && <p className="account-data__hint">{t('myData.retrying')}</p>}
        </div>
      ) : (
        <>
          <p>{t('myData.intro')}</p>
          {error && (
            <Notice tone="error" className="account-notice" data-testid="your-data-error">
              {t(`myData.${error}`)}
            </Notice>
          )}
          <div className="account-data__actions">
            <Button onClick={() => void onExport()} busy={exporting} data-testid="download-my-data">
              {exporting ? t('myData.downloading') : t('myData.download')}
            </Button>
            <Button
              className="account-cancel"
              onClick={() => setConfirming(true)}
              disabled={exporting}
              data-testid="delete-account"
            >
              {t('myData.delete')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('myData.confirm.title')}
        description={t('myData.confirm.body')}
        confirmLabel={deleting ? t('myData.confirm.deleting') : t('myData.confirm.confirm')}
        cancelLabel={t('myData.confirm.keep')}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
        busy={deleting}
        destructive
        data-testid="delete-dialog"
      >
        <ul className="account-data__consequences">
          {CONSEQUENCES.map((c) => (
            <li key={c}>{t(`myData.confirm.${c}`)}</li>
          ))}
        </ul>
        <label className="account-data__trash">
          <input
            type="checkbox"
            checked={trashFiles}
            onChange={(e) => setTrashFiles(e.target.checked)}
            disabled={deleting}
            data-testid="trash-files"
          />
          <span>{t('myData.confirm.trash')}</span>
        </label>
        <p className="account-data__hint">{trashFiles ? t('myData.confirm.trashed') : t('myData.confirm.kept')}</p>
      </ConfirmDialog>
    </section>
  );
}
