import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** Placeholder for name, size, time left and the download button while the share info loads. */
export function FileSkeleton() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="download-skeleton" aria-busy="true" role="status">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="skeleton-line" data-field="name" />
      <div className="skeleton-line" data-field="size" />
      <div className="skeleton-line" data-field="time-left" />
      <button type="button" disabled>
        {t('download')}
      </button>
    </div>
  );
}
