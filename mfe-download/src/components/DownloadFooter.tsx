import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';

/** The download page's own footer: links carry from=dl and a back parameter (spec §2). */
export function DownloadFooter({ back }: { back: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { rootUrl } = useShell();
  const query = `?from=dl&back=${encodeURIComponent(back)}`;
  return (
    <nav className="download-footer" aria-label={t('footer.label')}>
      <a href={rootUrl(`/faq${query}`)}>{t('footer.faq')}</a>
      <a href={rootUrl(`/terms${query}`)}>{t('footer.terms')}</a>
      <a href={rootUrl(`/privacy${query}`)}>{t('footer.privacy')}</a>
    </nav>
  );
}
