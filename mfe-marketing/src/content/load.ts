import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage, type LanguageCode } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';
import type { ContentDocument, ContentPage } from './types';

const cache = new Map<string, ContentDocument>();
const key = (page: ContentPage, language: LanguageCode) => `${language}/${page}`;

/**
 * One page in one language; each is its own content-hashed chunk, fetched only when needed.
 * A server renderer (or the client before hydrating) awaits this first, so the page renders at once.
 */
export async function loadContent(page: ContentPage, language: string): Promise<ContentDocument> {
  const lng = normaliseLanguage(language);
  const hit = cache.get(key(page, lng));
  if (hit) return hit;
  const module = (await import(`../gen/content/${lng}/${page}.json`)) as { default: ContentDocument };
  cache.set(key(page, lng), module.default);
  return module.default;
}

/** The page in the visitor's language: at once when it was loaded before, else after its chunk arrived. */
export function useContent(page: ContentPage): ContentDocument | null {
  const { i18n } = useTranslation(NAMESPACE);
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [doc, setDoc] = useState<ContentDocument | null>(() => cache.get(key(page, language)) ?? null);
  useEffect(() => {
    let live = true;
    const hit = cache.get(key(page, language));
    if (hit) setDoc(hit);
    else void loadContent(page, language).then((loaded) => live && setDoc(loaded));
    return () => {
      live = false;
    };
  }, [page, language]);
  return doc?.page === page ? doc : null;
}
