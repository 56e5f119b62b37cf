import { useTranslation } from 'react-i18next';
import { EmptyState } from '@ferry/shell-sdk/ui';
import type { RowMark } from '../hooks/useUploadedList';
import { NAMESPACE } from '../i18n';
import type { UploadedFile } from '../list/uploaded';
import { UploadedRow, type UploadedRowProps } from './UploadedRow';

export interface UploadedListProps {
  rows: readonly UploadedFile[];
  loaded: boolean;
  marks: Record<string, RowMark>;
  counts: Record<string, number>;
  onExtend(row: UploadedFile): Promise<void>;
  onDelete(row: UploadedFile): Promise<void>;
  onEmail(row: UploadedFile): void;
  onCopied?(link: string): void;
  onAccess?: UploadedRowProps['onAccess'];
  onStats?: UploadedRowProps['onStats'];
  locale: string;
  /** How long new links live: the sender's chosen default, named by the hint. */
  validityDays: number;
}

/** The 'Uploaded' list: only non-expired files; the expiry hint names the days new links live. */
export function UploadedList(p: UploadedListProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section aria-labelledby="uploaded-title">
      <h2 id="uploaded-title">{t('uploadedTitle')}</h2>
      <p className="hint">{t('list.expiryHint', { count: p.validityDays })}</p>
      {p.loaded && p.rows.length === 0 && <EmptyState title={t('list.empty')} data-testid="uploaded-empty" />}
      <ul className="uploaded" data-testid="uploaded-list">
        {p.rows.map((row) => (
          <UploadedRow
            key={row.id}
            row={row}
            mark={p.marks[row.id]}
            count={row.slug ? p.counts[row.slug] : undefined}
            countUp={p.marks[row.id] === 'count-up'}
            onExtend={p.onExtend}
            onDelete={p.onDelete}
            onEmail={p.onEmail}
            {...(p.onCopied ? { onCopied: p.onCopied } : {})}
            {...(p.onAccess ? { onAccess: p.onAccess } : {})}
            {...(p.onStats ? { onStats: p.onStats } : {})}
            locale={p.locale}
          />
        ))}
      </ul>
    </section>
  );
}
