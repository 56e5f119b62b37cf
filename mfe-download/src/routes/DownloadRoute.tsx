import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { useShell } from '@ferry/shell-sdk';
import { sizeLabel } from '@ferry/shell-sdk/format';
import { DownloadFooter } from '../components/DownloadFooter';
import { FileCard } from '../components/FileCard';
import { FileSkeleton } from '../components/FileSkeleton';
import { ReportFile } from '../components/ReportFile';
import { NotFoundScreen } from '../components/NotFoundScreen';
import { NAMESPACE } from '../i18n';
import { useShareInfo, type ShareInfo } from '../lib/share-info';

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** The public download page for a slug (spec §2 "Download page", §4). */
export function DownloadRoute() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { slug } = useParams();
  const { pathname, search } = useLocation();
  const { rootUrl, host } = useShell();
  const state = useShareInfo(slug);

  // 'Shared by': the owner's e-mail, else the sender subdomain, else the anonymous label.
  const senderOf = (info: ShareInfo) =>
    info.ownerEmail ?? info.ownerSubdomain ?? (host.kind === 'sender' ? host.subdomain : undefined) ?? t('anonymous');
  const found = state.kind === 'found' ? state.info : undefined;
  const values = found && { name: found.fileName, size: sizeLabel(found.size, i18n.language), sender: senderOf(found) };
  const pageTitle = values && t('pageTitle', values);
  const pageDescription = values && t('pageDescription', values);
  useEffect(() => {
    if (pageTitle === undefined || pageDescription === undefined) return;
    document.title = pageTitle;
    setMeta('description', pageDescription);
  }, [pageTitle, pageDescription]);

  if (state.kind === 'missing') return <MissingSlugRoute />;
  if (state.kind === 'not-found') {
    return (
      <article className="download-page" data-slug={slug} data-state="not-found">
        <NotFoundScreen reason={state.reason} />
        <DownloadFooter back={`${pathname}${search}`} />
      </article>
    );
  }
  return (
    <article className="download-page" data-slug={slug} data-state={state.kind}>
      <h1>{t(found?.files ? 'transfer.title' : 'title')}</h1>
      <p>{t(found?.files ? 'transfer.subtitle' : 'subtitle')}</p>
      {state.kind === 'loading' && <FileSkeleton />}
      {state.kind === 'error' && <p role="alert">{t('error')}</p>}
      {state.kind === 'found' && <FileCard info={state.info} sender={senderOf(state.info)} slug={slug!} />}
      {state.kind === 'found' && <ReportFile slug={slug!} />}
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
    <article className="download-page" data-state="missing">
      <h1>{t('title')}</h1>
      <p role="alert">{t('missingSlug')}</p>
    </article>
  );
}
