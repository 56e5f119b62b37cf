import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useShell } from '@ferry/shell-sdk';
import { isolate } from '@ferry/shell-sdk/format';
import { DAY_MS } from '@ferry/rules';
import { DropZone } from '../components/DropZone';
import { ExpiredPanel } from '../components/ExpiredPanel';
import { SuspendedBanner } from '../components/SuspendedBanner';
import { ExpiryPicker } from '../components/ExpiryPicker';
import { FinishedPanel } from '../components/FinishedPanel';
import { PendingList } from '../components/PendingList';
import { QueueList } from '../components/QueueList';
import { ShareModal } from '../components/share-modal';
import { UploadControls } from '../components/UploadControls';
import { UploadedList } from '../components/UploadedList';
import { UploadHeader } from '../components/UploadHeader';
import { Notice } from '@ferry/shell-sdk/ui';
import '@ferry/shell-sdk/ui.css';
import '../components/upload.css';
import { useAccess } from '../hooks/useAccess';
import { useDrive } from '../hooks/useDrive';
import { useExpiryChoice } from '../hooks/useExpiryChoice';
import { useRelogin } from '../hooks/useRelogin';
import { useUploadedList } from '../hooks/useUploadedList';
import { useUploader } from '../hooks/useUploader';
import { NAMESPACE } from '../i18n';
import type { UploadedFile } from '../list/uploaded';
import { canUpload } from '../upload/queue';
import { formatFreeSpace } from '../upload/size-label';

/** The upload screen (spec §2): drop zone, free space, queue, upload with phases, the uploaded list. */
export function UploadRoute() {
  const { t } = useTranslation(NAMESPACE);
  const shell = useShell();
  const auth = shell.auth;
  const [params] = useSearchParams();
  const pulse = params.get('highlight') === 'drop' || params.get('focus') === 'dropzone';
  const signedIn = !!auth?.isAuthenticated && !!auth.token;
  const authReady = !!auth?.authReady;

  const { drive, api, threshold, configError } = useDrive(auth);
  const relogin = useRelogin(auth);
  const access = useAccess(api, signedIn, shell.language);
  const list = useUploadedList(drive, api, signedIn, () => relogin.relogin());
  const user = useMemo(() => {
    const email = auth?.user?.email ?? auth?.email ?? list.accountEmail;
    return email ? { email, ...(auth?.user?.name ? { name: auth.user.name } : {}) } : null;
  }, [auth?.user?.email, auth?.user?.name, auth?.email, list.accountEmail]);
  const expiry = useExpiryChoice(user?.email);
  const uploader = useUploader({
    drive,
    api,
    user,
    threshold,
    ensureFresh: relogin.ensureFresh,
    relogin: relogin.relogin,
    onUploaded: (items) => list.afterUpload(items.map((i) => i.file.id)),
    language: shell.language,
    checkAccess: access.check,
    onExpired: access.markExpired,
    validityMs: expiry.days * DAY_MS,
  });
  const [shareRow, setShareRow] = useState<Pick<UploadedFile, 'name' | 'slug' | 'shareUrl'> | null>(null);
  const ready = authReady && signedIn && !!drive;

  return (
    <article className="upload-screen">
      <UploadHeader />
      {authReady && !signedIn && (
        <button type="button" className="primary" onClick={() => auth?.login('/upload')} data-testid="connect-drive">
          {t('connect')}
        </button>
      )}
      {configError && <Notice tone="error">{t('errors.config')}</Notice>}
      {signedIn && auth?.token && <SuspendedBanner token={auth.token} />}
      {access.expired ? (
        <ExpiredPanel plan={access.plan} />
      ) : (
        <DropZone disabled={!ready || uploader.busy} busy={uploader.busy} pulse={pulse} onItems={uploader.add} />
      )}
      {signedIn && (
        <p className="free-space" data-testid="free-space">
          {/* Isolated (FSI … PDI, <bdi>): in Arabic and Hebrew "15.00 GB" and the address keep their order. */}
          {t('freeSpace', { free: isolate(formatFreeSpace(list.free, shell.language)) })} ·{' '}
          <bdi dir="ltr" className="ferry-address" data-testid="account-email">
            {user?.email ?? '—'}
          </bdi>
        </p>
      )}
      {signedIn && !access.expired && (
        <ExpiryPicker days={expiry.days} disabled={uploader.busy} onChange={expiry.choose} />
      )}
      {!access.expired && !uploader.busy && (
        <PendingList pending={uploader.pending} onForget={uploader.forget} onForgetFolder={uploader.forgetFolder} />
      )}
      {!access.expired && (
        <QueueList
          queue={uploader.queue}
          busy={uploader.busy}
          expiryDays={expiry.days}
          onRemove={uploader.remove}
          onClear={uploader.clear}
        />
      )}
      {!access.expired && (
        <UploadControls
          count={uploader.queue.length}
          canStart={ready && canUpload(uploader.queue, signedIn, uploader.busy)}
          busy={uploader.busy}
          phase={uploader.phase}
          progress={uploader.progress}
          error={uploader.error}
          retry={uploader.retry}
          resumedFrom={uploader.resumedFrom}
          reloginWaiting={relogin.waiting}
          onStart={() => void uploader.start()}
          onCancel={uploader.cancel}
          onRelogin={relogin.retry}
        />
      )}
      {!uploader.busy && (
        <FinishedPanel
          items={uploader.finished}
          onEmail={(f) => setShareRow({ name: f.name, shareUrl: f.shareUrl })}
          onCopied={(link) => api.logCopy(link)}
        />
      )}
      <UploadedList
        rows={list.rows}
        loaded={list.loaded}
        marks={list.marks}
        counts={list.counts}
        onExtend={list.extend}
        onDelete={list.remove}
        onEmail={setShareRow}
        onCopied={(link) => api.logCopy(link)}
        onAccess={(row, body) => api.setAccess(row.slug!, body)}
        onStats={(row) => api.stats(row.slug!)}
        locale={shell.language}
        validityDays={expiry.days}
      />
      <ShareModal
        open={shareRow !== null}
        file={
          shareRow
            ? {
                name: shareRow.name,
                ...(shareRow.slug ? { slug: shareRow.slug } : {}),
                ...(shareRow.shareUrl ? { shareUrl: shareRow.shareUrl } : {}),
              }
            : null
        }
        onClose={() => setShareRow(null)}
      />
    </article>
  );
}
