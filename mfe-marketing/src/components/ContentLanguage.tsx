import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection } from '@ferry/shell-sdk';
import type { ContentDocument } from '../content/types';
import { NAMESPACE } from '../i18n';

/** Wraps content in its own language; when it is the English fallback, says so in the visitor's. */
export function ContentLanguage({ doc, children }: { doc: ContentDocument; children: ReactNode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const fallback = doc.language !== (i18n.resolvedLanguage ?? i18n.language);
  if (!fallback) return children;
  return (
    <>
      <p className="marketing-note" role="note">
        {t('contentFallback')}
      </p>
      <div lang={doc.language} dir={textDirection(doc.language)}>
        {children}
      </div>
    </>
  );
}
