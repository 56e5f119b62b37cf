export const PRODUCT_NAME = 'Ferry';
/** Used when no translation of the tagline is available (spec §2). */
export const DUTCH_TAGLINE = 'Eenvoudig delen, slimme opslag.';
export const THEME_COLOUR = '#FFE0E0';

export interface DocumentMeta {
  title: string;
  description: string;
  canonicalUrl: string;
}

export function pageTitle(tagline: string | undefined): string {
  return `${PRODUCT_NAME} — ${tagline && tagline.trim() ? tagline : DUTCH_TAGLINE}`;
}

/** Canonical URL: the page's origin and path, without query or hash. */
export function canonicalUrl(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

function upsertMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.appendChild(element);
  }
  element.content = content;
}

/** Writes title, description, canonical link, Open Graph/Twitter tags and theme colour. */
export function applyDocumentMeta(meta: DocumentMeta, doc: Document = document): void {
  doc.title = meta.title;
  upsertMeta(doc, 'name', 'description', meta.description);
  upsertMeta(doc, 'name', 'theme-color', THEME_COLOUR);
  upsertMeta(doc, 'property', 'og:title', meta.title);
  upsertMeta(doc, 'property', 'og:description', meta.description);
  upsertMeta(doc, 'property', 'og:url', meta.canonicalUrl);
  upsertMeta(doc, 'property', 'og:site_name', PRODUCT_NAME);
  upsertMeta(doc, 'property', 'og:type', 'website');
  upsertMeta(doc, 'name', 'twitter:card', 'summary');
  upsertMeta(doc, 'name', 'twitter:title', meta.title);
  upsertMeta(doc, 'name', 'twitter:description', meta.description);
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.appendChild(canonical);
  }
  canonical.href = meta.canonicalUrl;
}
