import type { LanguageCode } from '@ferry/rules';

/** A file the page will ask for early, as a `<link>` in its head. */
export interface Preload {
  href: string;
  /** `script` (classic scripts, Module Federation entries and chunks), `style`, or `fetch` (the strings). */
  as: 'script' | 'style' | 'fetch';
}

/** Everything the server writes into the shell's index.html for one route. */
export interface PageParts {
  language: LanguageCode;
  dir: 'ltr' | 'rtl';
  title: string;
  description: string;
  canonicalUrl: string;
  /** `hreflang` alternates: every language's URL of this page, plus `x-default`. */
  alternates: readonly { hreflang: string; href: string }[];
  ogType: 'website' | 'article';
  ogLocale: string;
  preloads: readonly Preload[];
  /** Style sheets the pre-rendered page needs to look as the app will (applied, not only fetched). */
  stylesheets?: readonly string[];
  /** Script-free JSON the shell reads instead of fetching: the remotes manifest and the locale hashes. */
  data: Readonly<Record<string, unknown>>;
  /** Server-rendered HTML of the page (trusted: the build's own output or escaped text), shown before any JavaScript. */
  bodyHtml?: string;
}

/** The element holding the pre-rendered page (the shell removes it when it shows its own). */
export const PRERENDERED_ELEMENT_ID = 'ferry-prerendered';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** JSON inside `<script type="application/json">`: `<` escaped so the text cannot close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags the build wrote for the dev server (title, description, og/twitter, canonical): the server writes its own. */
const BUILD_META =
  /<title>[\s\S]*?<\/title>|<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>|<link\s+rel="canonical"[^>]*>/g;

function preloadTag({ href, as }: Preload): string {
  // `fetch` preloads are CORS requests, like the page's own fetch(); scripts load without CORS.
  return `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`;
}

/** Writes a route's language, metadata, preloads, data and pre-rendered body into the shell's index.html. */
export function renderPage(template: string, parts: PageParts): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const head = [
    `<title>${escapeHtml(parts.title)}</title>`,
    meta('name', 'description', parts.description),
    `<link rel="canonical" href="${escapeHtml(parts.canonicalUrl)}">`,
    ...parts.alternates.map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    meta('property', 'og:type', parts.ogType),
    meta('property', 'og:site_name', 'Ferry'),
    meta('property', 'og:title', parts.title),
    meta('property', 'og:description', parts.description),
    meta('property', 'og:url', parts.canonicalUrl),
    meta('property', 'og:locale', parts.ogLocale),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', parts.title),
    meta('name', 'twitter:description', parts.description),
    ...(parts.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.preloads.map(preloadTag),
    ...Object.entries(parts.data).map(
      ([id, value]) => `<script type="application/json" id="${escapeHtml(id)}">${scriptJson(value)}</script>`,
    ),
  ].join('');
  let html = template.replace(BUILD_META, '');
  html = html.replace(/<html[^>]*>/, `<html lang="${parts.language}" dir="${parts.dir}">`);
  html = html.replace('</head>', `${head}</head>`);
  if (parts.bodyHtml !== undefined) {
    // The app mounts hidden and takes the pre-rendered page's place once its own page is drawn.
    html = html.replace(
      '<div id="root"></div>',
      `<div id="root" hidden></div><div id="${PRERENDERED_ELEMENT_ID}">${parts.bodyHtml}</div>`,
    );
  }
  return html;
}
