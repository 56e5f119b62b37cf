import { useTranslation } from 'react-i18next';
import { displayFileName } from '@ferry/rules';
import { isolate } from '@ferry/shell-sdk/format';
import { NAMESPACE } from '../i18n';
import { groupPending, summariseFolder } from '../upload/folder-resume';
import type { PendingUpload } from '../upload/resume-store';
import { formatPercent, formatSize } from '../upload/size-label';

export interface PendingListProps {
  pending: PendingUpload[];
  onForget(sessionUrl: string): void;
  /** Drops a folder upload (its own record and its files'). */
  onForgetFolder(group: string): void;
}

/** Uploads a reload or a closed tab interrupted: picking the same file (or folder) again continues them. */
export function PendingList({ pending, onForget, onForgetFolder }: PendingListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (pending.length === 0) return null;
  const { own, folders } = groupPending(pending);
  return (
    <section className="pending" data-testid="pending" aria-labelledby="ferry-pending-title">
      <h2 id="ferry-pending-title">{t('resume.title')}</h2>
      {own.length > 0 && <p>{t('resume.hint')}</p>}
      <ul className="queue">
        {folders.map((g) => {
          const s = summariseFolder(g);
          return (
            <li key={g.folder.sessionUrl} data-testid="pending-folder">
              <span className="path">
                {t('resume.folderRow', {
                  name: displayFileName(s.name),
                  done: s.doneFiles,
                  total: s.totalFiles,
                  // Isolated: in Arabic and Hebrew "27 MB" keeps its order.
                  sent: isolate(formatSize(s.confirmedBytes, i18n.language)),
                  size: isolate(formatSize(s.totalBytes, i18n.language)),
                })}
              </span>
              <button type="button" onClick={() => onForgetFolder(g.folder.group!)} data-testid="pending-forget">
                {t('resume.forget')}
              </button>
            </li>
          );
        })}
        {own.map((p) => (
          <li key={p.sessionUrl} data-testid="pending-row">
            <span className="path">
              {t(p.kind === 'zip' ? 'resume.zipRow' : 'resume.row', {
                name: displayFileName(p.name),
                percent: formatPercent(Math.floor((p.confirmed / Math.max(1, p.size)) * 100), i18n.language),
              })}
            </span>
            <button type="button" onClick={() => onForget(p.sessionUrl)} data-testid="pending-forget">
              {t('resume.forget')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
