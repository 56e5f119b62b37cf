import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLanguage } from '../components/ContentLanguage';
import { Highlighted } from '../components/Highlighted';
import { RichText } from '../components/RichText';
import { useContent } from '../content/load';
import { filterFaq } from '../content/search';
import { NAMESPACE } from '../i18n';

/** The question an address like /faq#free-space points at (open it and scroll to it). */
function useHashTarget(ready: boolean): string {
  const [target, setTarget] = useState('');
  useEffect(() => {
    const read = () => setTarget(decodeURIComponent(window.location.hash.slice(1)));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  useEffect(() => {
    if (!ready || !target) return;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [ready, target]);
  return target;
}

export function FaqRoute() {
  const { t } = useTranslation(NAMESPACE);
  const doc = useContent('faq');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const input = useRef<HTMLInputElement>(null);
  // The page may be served pre-rendered: take over what the visitor typed before this code ran, and
  // mark the page interactive (tests and tools wait for it).
  const [interactive, setInteractive] = useState(false);
  const loaded = doc !== null;
  useEffect(() => {
    if (!loaded) return;
    if (input.current && input.current.value !== '') setQuery(input.current.value);
    setInteractive(true);
  }, [loaded]);
  const target = useHashTarget(doc !== null);
  const views = doc ? filterFaq(doc, query) : [];
  const searching = query.trim() !== '';

  const toggle = (id: string, isOpen: boolean) =>
    setOpen((previous) => {
      if (previous.has(id) === isOpen) return previous;
      const next = new Set(previous);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <article className="marketing-faq" data-interactive={interactive ? '' : undefined}>
      <h1>{t('faq.title')}</h1>
      {doc && (
        <ContentLanguage doc={doc}>
          <p className="marketing-lead">{doc.description}</p>
          {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is missing from browsers the product still supports (Safari before 17) */}
          <div className="marketing-search" role="search">
            <label htmlFor={searchId}>{t('faq.search')}</label>
            <input
              ref={input}
              id={searchId}
              type="search"
              value={query}
              placeholder={t('faq.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p className="marketing-search-status" role="status">
            {searching && views.length === 0 ? t('faq.noResults', { query: query.trim() }) : ''}
          </p>
          {views.map(({ section, items }) => (
            <section
              key={section.id}
              id={section.id}
              className="marketing-section marketing-faq-section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                <Highlighted text={section.title} query={query} />
              </h2>
              <div className="marketing-prose marketing-faq-description">
                <RichText blocks={section.blocks} query={query} />
              </div>
              {items.map((item) => (
                <details
                  key={item.id}
                  id={item.id}
                  className="marketing-question"
                  open={searching || open.has(item.id) || target === item.id}
                  // Opening for a search is not the visitor's choice: it is not remembered.
                  onToggle={(event) => !searching && toggle(item.id, event.currentTarget.open)}
                >
                  <summary>
                    <Highlighted text={item.title} query={query} />
                  </summary>
                  <div className="marketing-prose">
                    <RichText blocks={item.blocks} query={query} />
                  </div>
                </details>
              ))}
            </section>
          ))}
        </ContentLanguage>
      )}
    </article>
  );
}
