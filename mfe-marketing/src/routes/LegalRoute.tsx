import { useTranslation } from 'react-i18next';
import { ContentLanguage } from '../components/ContentLanguage';
import { RichText } from '../components/RichText';
import { PRIVACY_UPDATED, TERMS_UPDATED } from '../constants';
import { useContent } from '../content/load';
import { displayedSections } from '../content/order';
import { formatDate } from '../format';
import { NAMESPACE } from '../i18n';

/** Privacy and terms: title, last-updated date in the visitor's date format, numbered sections. */
export function LegalRoute({ page }: { page: 'privacy' | 'terms' }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const doc = useContent(page);
  const updated = page === 'privacy' ? PRIVACY_UPDATED : TERMS_UPDATED;
  return (
    <article className={`marketing-${page} marketing-legal`}>
      <h1>{t(`${page}.title`)}</h1>
      <p>
        <time dateTime={updated}>{t('updated', { date: formatDate(updated, i18n.resolvedLanguage ?? 'en') })}</time>
      </p>
      {doc && (
        <ContentLanguage doc={doc}>
          <div className="marketing-prose">
            <RichText blocks={doc.intro} />
          </div>
          {displayedSections(doc).map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="marketing-legal-section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                <span className="marketing-legal-number">{section.number}.</span> {section.title}
              </h2>
              <div className="marketing-prose">
                <RichText blocks={section.blocks} />
              </div>
            </section>
          ))}
        </ContentLanguage>
      )}
    </article>
  );
}
