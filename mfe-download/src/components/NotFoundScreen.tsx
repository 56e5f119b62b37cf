import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';

/**
 * 404 or 410: the not-found screen with the 'Link niet gevonden' card (spec §2, §8), shown in place
 * of the file under the page's heading.
 */
export function NotFoundScreen({ status }: { status: 404 | 410 }) {
  const { t } = useTranslation(NAMESPACE);
  const { rootUrl } = useShell();
  return (
    <section className="not-found" data-screen="not-found" data-status={status}>
      <h2>{t('notFound.title')}</h2>
      <p>{t('notFound.expired')}</p>
      <div className="link-not-found-card" role="alert">
        {/* Dutch in every language: the spec's one fixed Dutch text. */}
        <h3 lang="nl">Link niet gevonden</h3>
        <p>{t('notFound.linkNotFound')}</p>
      </div>
      <p>{t('notFound.hint')}</p>
      <a href={rootUrl('/')}>{t('notFound.home')}</a>
    </section>
  );
}
