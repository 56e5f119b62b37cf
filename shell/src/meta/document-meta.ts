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
  return `${PRODUCT_NAME} — ${tagline?.trim() ? tagline : DUTCH_TAGLINE}`;
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

/** The head the server wrote for the page's first path and language (its per-page title, e.g. "FAQ — Ferry"). */
export interface ServerMeta extends DocumentMeta {
  pathname: string;
  language: string;
}

/**
 * Reads the metadata the gateway wrote into this page (it alone writes `og:locale`); null when the
 * page is the build's plain index.html, as under the dev server.
 */
export function readServerMeta(pathname: string, doc: Document = document): ServerMeta | null {
  if (!doc.head.querySelector('meta[property="og:locale"]')) return null;
  const description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
  const canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '';
  return { pathname, language: doc.documentElement.lang, title: doc.title, description, canonicalUrl: canonical };
}

/** The server's metadata while the visitor is still on the page and language it was written for, else null. */
export function serverMetaFor(server: ServerMeta | null, pathname: string, language: string): DocumentMeta | null {
  if (!server || server.pathname !== pathname || server.language !== language) return null;
  return { title: server.title, description: server.description, canonicalUrl: server.canonicalUrl };
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
