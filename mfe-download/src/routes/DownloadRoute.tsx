import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { useShell } from '@ferry/shell-sdk';
import { DownloadFooter } from '../components/DownloadFooter';
import { FileSkeleton } from '../components/FileSkeleton';
import { NAMESPACE } from '../i18n';

/** The public download page for a slug; the share info and the download button arrive with the link issue. */
export function DownloadRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { slug } = useParams();
  const { pathname, search } = useLocation();
  const { rootUrl } = useShell();
  return (
    <article className="download-page" data-slug={slug}>
      <h1>{t('title')}</h1>
      <p>{t('subtitle')}</p>
      <FileSkeleton />
      <p className="download-help">{t('help')}</p>
      <p className="download-marketing">
        {t('marketing')} <a href={rootUrl('/')}>{t('home')}</a>
      </p>
      <DownloadFooter back={`${pathname}${search}`} />
    </article>
  );
}

export function MissingSlugRoute() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <article className="download-page">
      <h1>{t('title')}</h1>
      <p role="alert">{t('missingSlug')}</p>
    </article>
  );
}
