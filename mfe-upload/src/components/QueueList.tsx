import type { ExpiryChoiceDays } from '@ferry/rules';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { QueueItem } from '../upload/queue';
import { formatSize } from '../upload/size-label';
import { expiryWords } from './ExpiryPicker';

export interface QueueListProps {
  queue: readonly QueueItem[];
  busy: boolean;
  /** The link life chosen for this upload, shown on every row. */
  expiryDays: ExpiryChoiceDays;
  onRemove(path: string): void;
  onClear(): void;
}

/** The queue: path, size, the link's life, remove, remove all (hidden during an upload) and the count. */
export function QueueList({ queue, busy, expiryDays, onRemove, onClear }: QueueListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (queue.length === 0) return null;
  const expiry = t('expiry.row', { duration: expiryWords(expiryDays, i18n.language) });
  return (
    <section aria-labelledby="queue-title" className="queue-section">
      <h3 id="queue-title">
        {t('queue.title')} <span data-testid="queue-count">{t('queue.count', { count: queue.length })}</span>
      </h3>
      <ul className="queue" data-testid="queue">
        {queue.map((item) => (
          <li key={item.path}>
            <span className="path">{item.path}</span>
            <bdi className="size">{formatSize(item.file.size, i18n.language)}</bdi>
            <span className="expiry" data-testid="queue-expiry">
              {expiry}
            </span>
            {!busy && (
              <button
                type="button"
                onClick={() => onRemove(item.path)}
                aria-label={t('queue.removeOne', { path: item.path })}
              >
                {t('queue.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!busy && (
        <button type="button" onClick={onClear}>
          {t('queue.removeAll')}
        </button>
      )}
    </section>
  );
}
