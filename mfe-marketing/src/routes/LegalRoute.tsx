import { useTranslation } from 'react-i18next';
import { PRIVACY_UPDATED, TERMS_UPDATED } from '../constants';
import { formatDate } from '../format';
import { NAMESPACE } from '../i18n';

/** Privacy and terms pages: title and last-updated date (the sections arrive with their own issue). */
export function LegalRoute({ page }: { page: 'privacy' | 'terms' }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const updated = page === 'privacy' ? PRIVACY_UPDATED : TERMS_UPDATED;
  return (
    <article className={`marketing-${page}`}>
      <h1>{t(`${page}.title`)}</h1>
      <p>
        <time dateTime={updated}>{t('updated', { date: formatDate(updated, i18n.resolvedLanguage ?? 'en') })}</time>
      </p>
    </article>
  );
}
