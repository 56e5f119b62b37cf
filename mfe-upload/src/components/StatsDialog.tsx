import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFileName, formatDate } from '@ferry/rules';
import { Dialog, DialogActions, Notice } from '@ferry/shell-sdk/ui';
import type { LinkStats } from '../api/product-api';
import { NAMESPACE } from '../i18n';
import { DownloadsChart } from './DownloadsChart';

export interface StatsDialogProps {
  open: boolean;
  fileName: string;
  load(): Promise<LinkStats>;
  onClose(): void;
}

/**
 * A link's statistics for its owner: downloads per day as bars, the total, the first and latest
 * download, and for a transfer each file's own downloads.
 */
export function StatsDialog({ open, fileName, load, onClose }: StatsDialogProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [stats, setStats] = useState<LinkStats>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    setFailed(false);
    load().then(
      (s) => live && setStats(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, load]);
  const when = (iso: string | null | undefined) =>
    iso ? formatDate(new Date(iso), i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('stats.title', { name: fileName })}
      className="stats-dialog"
      data-testid="stats-dialog"
    >
      {failed && <Notice tone="error">{t('stats.failed')}</Notice>}
      {!failed && !stats && <p aria-busy="true">{t('stats.loading')}</p>}
      {!failed && stats && (
        <>
          <p className="stats-total" data-testid="stats-total">
            {t('stats.total', { count: stats.total })}
          </p>
          {stats.days.length === 0 ? (
            <p data-testid="stats-none">{t('stats.none')}</p>
          ) : (
            <DownloadsChart days={stats.days} label={t('stats.chartLabel')} />
          )}
          <dl className="stats-times">
            <dt>{t('stats.first')}</dt>
            <dd data-testid="stats-first">{when(stats.firstDownloadedAt)}</dd>
            <dt>{t('stats.last')}</dt>
            <dd data-testid="stats-last">{when(stats.lastDownloadedAt)}</dd>
          </dl>
          {stats.files && stats.files.length > 0 && (
            <table className="stats-files" data-testid="stats-files">
              <caption>{t('stats.perFile')}</caption>
              <tbody>
                {stats.files.map((f) => (
                  <tr key={f.index} data-testid="stats-file">
                    <th scope="row">
                      <bdi>{displayFileName(f.name)}</bdi>
                    </th>
                    <td data-testid="stats-file-downloads">{t('list.downloads', { count: f.downloads })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <DialogActions>
        <button type="button" onClick={onClose} data-testid="stats-close">
          {t('stats.close')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
