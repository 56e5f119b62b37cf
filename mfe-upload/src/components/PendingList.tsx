import { useTranslation } from 'react-i18next';
import { displayFileName } from '@ferry/rules';
import { NAMESPACE } from '../i18n';
import type { PendingUpload } from '../upload/resume-store';
import { formatPercent } from '../upload/size-label';

export interface PendingListProps {
  pending: PendingUpload[];
  onForget(sessionUrl: string): void;
}

/** Uploads a reload or a closed tab interrupted: picking the same file again continues them. */
export function PendingList({ pending, onForget }: PendingListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (pending.length === 0) return null;
  return (
    <section className="pending" data-testid="pending" aria-labelledby="ferry-pending-title">
      <h2 id="ferry-pending-title">{t('resume.title')}</h2>
      <p>{t('resume.hint')}</p>
      <ul className="queue">
        {pending.map((p) => (
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
