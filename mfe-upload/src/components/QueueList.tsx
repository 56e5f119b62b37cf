import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { QueueItem } from '../upload/queue';
import { formatSize } from '../upload/size-label';

export interface QueueListProps {
  queue: readonly QueueItem[];
  busy: boolean;
  onRemove(path: string): void;
  onClear(): void;
}

/** The queue: path, size, remove, remove all (hidden during an upload) and the count. */
export function QueueList({ queue, busy, onRemove, onClear }: QueueListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (queue.length === 0) return null;
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
