import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, LiveRegion } from '@ferry/shell-sdk/ui';
import type { RowMark } from '../hooks/useUploadedList';
import { NAMESPACE } from '../i18n';
import { displayFileName, formatDate, MAX_LINK_LIFE_DAYS } from '@ferry/rules';
import { rowCanExtend } from '../list/link-life';
import type { UploadedFile } from '../list/uploaded';
import { UI_TIMINGS } from '../upload/constants';
import { formatSize } from '../upload/size-label';
import type { LinkAccessBody } from '@ferry/http-contract';
import type { LinkAccess, LinkStats } from '../api/product-api';
import { Countdown } from './Countdown';
import { LinkAccessDialog } from './LinkAccessDialog';
import { QrButton } from './QrCode';
import { StatsDialog } from './StatsDialog';

export interface UploadedRowProps {
  row: UploadedFile;
  mark?: RowMark;
  count?: number;
  countUp: boolean;
  onExtend(row: UploadedFile): Promise<void>;
  onDelete(row: UploadedFile): Promise<void>;
  onEmail(row: UploadedFile): void;
  onCopied?(link: string): void;
  /** Sets the link's password and download limit; absent = the row offers no access control. */
  onAccess?(row: UploadedFile, body: LinkAccessBody): Promise<LinkAccess>;
  /** The link's downloads per day; absent = the row offers no statistics. */
  onStats?(row: UploadedFile): Promise<LinkStats>;
  locale: string;
}

/** One uploaded file with its figures and actions (spec §2). */
export function UploadedRow({
  row,
  mark,
  count,
  countUp,
  onExtend,
  onDelete,
  onEmail,
  onCopied,
  onAccess,
  onStats,
  locale,
}: UploadedRowProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [copied, setCopied] = useState(false);
  const [extending, setExtending] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [editingAccess, setEditingAccess] = useState(false);
  const [showingStats, setShowingStats] = useState(false);
  const loadStats = useCallback(() => onStats!(row), [onStats, row]);
  // What the last save answered, over what the list loaded.
  const [access, setAccess] = useState<{ passwordProtected: boolean; downloadLimit?: number }>();
  const passwordProtected = access?.passwordProtected ?? row.passwordProtected === true;
  const downloadLimit = access ? access.downloadLimit : row.downloadLimit;
  const limitId = useId();
  const atLimit = !rowCanExtend(row);

  const copy = async () => {
    if (!row.link) {
      console.log('No URL available');
      return;
    }
    try {
      await navigator.clipboard.writeText(row.link);
    } catch {
      // clipboard refused (permissions): the link is still visible and selectable
    }
    setCopied(true);
    onCopied?.(row.link);
    setTimeout(() => setCopied(false), UI_TIMINGS.copiedMs);
  };
  const extend = async () => {
    setExtending(true);
    try {
      await onExtend(row);
    } catch (err) {
      console.warn('extend failed', err instanceof Error ? err.message : err);
    } finally {
      setExtending(false);
    }
  };
  const remove = async () => {
    setConfirmingDelete(false);
    await onDelete(row).catch((err) => console.warn('delete failed', err instanceof Error ? err.message : err));
  };
  const uploaded = formatDate(new Date(row.uploadedAt), locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li
      className={mark === 'new' ? 'is-new' : mark === 'deleting' ? 'is-deleting' : ''}
      data-testid="uploaded-row"
      data-file-id={row.id}
      data-slug={row.slug ?? ''}
    >
      <div>
        <a href={row.link} target="_blank" rel="noreferrer" data-testid="row-link">
          {row.name}
        </a>
        <div className="meta">
          <bdi title={t('tooltips.size')} data-testid="row-size">
            {formatSize(row.size, i18n.language)}
          </bdi>
          {row.fileCount !== undefined && (
            <span className="file-count" data-testid="row-file-count">
              {t('list.files', { count: row.fileCount })}
            </span>
          )}
          <span className={`count${countUp ? ' is-up' : ''}`} data-testid="row-downloads">
            {t('list.downloads', { count: count ?? row.downloads ?? 0 })}
          </span>
          <span title={t('tooltips.uploaded')}>{uploaded}</span>
          <span title={t('tooltips.remaining')} data-expires-at={row.expiresAt} data-testid="row-expiry">
            <Countdown expiresAt={row.expiresAt} />
          </span>
          {passwordProtected && (
            <span className="access-badge" data-testid="row-password-badge">
              {t('access.badgePassword')}
            </span>
          )}
          {downloadLimit !== undefined && (
            <span className="access-badge" data-testid="row-limit-badge">
              {t('access.badgeLimit', { limit: downloadLimit })}
            </span>
          )}
        </div>
      </div>
      <div className="actions">
        <button
          type="button"
          title={atLimit ? t('tooltips.extendLimit', { count: MAX_LINK_LIFE_DAYS }) : t('tooltips.extend')}
          onClick={() => void extend()}
          disabled={extending || atLimit}
          aria-describedby={atLimit ? limitId : undefined}
          data-testid="row-extend"
        >
          {t('list.extend')}
        </button>
        {atLimit && (
          <span id={limitId} hidden>
            {t('tooltips.extendLimit', { count: MAX_LINK_LIFE_DAYS })}
          </span>
        )}
        <button type="button" title={t('tooltips.copy')} onClick={() => void copy()} data-testid="row-copy">
          {copied ? t('list.copied') : t('list.copy')}
        </button>
        <LiveRegion message={copied ? t('list.copied') : ''} />
        <button type="button" onClick={() => onEmail(row)} data-testid="row-email">
          {t('list.email')}
        </button>
        {row.link && <QrButton link={row.link} fileName={displayFileName(row.name)} testId="row-qr" />}
        {onStats && row.slug && (
          <button type="button" onClick={() => setShowingStats(true)} data-testid="row-stats">
            {t('stats.button')}
          </button>
        )}
        {onAccess && row.slug && (
          <button type="button" onClick={() => setEditingAccess(true)} data-testid="row-access">
            {t('access.button')}
          </button>
        )}
        <button
          type="button"
          onClick={() => setConfirmingDelete(true)}
          disabled={mark === 'deleting'}
          data-testid="row-delete"
        >
          {t('list.delete')}
        </button>
      </div>
      {onAccess && row.slug && (
        <LinkAccessDialog
          open={editingAccess}
          fileName={row.name}
          passwordProtected={passwordProtected}
          downloadLimit={downloadLimit}
          downloads={count ?? row.downloads ?? 0}
          onSave={(body) => onAccess(row, body)}
          onClose={(saved) => {
            setEditingAccess(false);
            if (saved)
              setAccess({
                passwordProtected: saved.passwordProtected,
                ...(saved.downloadLimit !== null ? { downloadLimit: saved.downloadLimit } : {}),
              });
          }}
        />
      )}
      {onStats && row.slug && (
        <StatsDialog
          open={showingStats}
          fileName={displayFileName(row.name)}
          load={loadStats}
          onClose={() => setShowingStats(false)}
        />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title={t('list.delete')}
        description={t('list.deleteConfirm', { name: displayFileName(row.name) })}
        confirmLabel={t('list.delete')}
        cancelLabel={t('cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
        destructive
        data-testid="delete-dialog"
      />
    </li>
  );
}
