import { useTranslation } from 'react-i18next';
import { PageShown } from '../app/prerendered';

/** The 'File not available' screen for /404, unknown paths and download paths on the root host. */
export function NotFound({ homeUrl }: { homeUrl: string }) {
  const { t } = useTranslation('shell');
  return (
    <section className="not-found" data-screen="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.expired')}</p>
      <p>{t('notFound.hint')}</p>
      <a href={homeUrl}>{t('notFound.home')}</a>
      <PageShown />
    </section>
  );
}
