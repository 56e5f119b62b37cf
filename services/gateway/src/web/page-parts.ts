import {
  chooseLanguage,
  classifyHost,
  defaultRootDomain,
  displayFileName,
  downloadSlugOf,
  LANGUAGE_COOKIE,
  MARKETING_PATHS,
  PRERENDER_SLUG,
  resolveRoute,
  sizeLabel,
  SUPPORTED_LANGUAGES,
  textDirection,
  type LanguageCode,
  type RouteDecision,
} from '@ferry/rules';
import { SHELL_CALLBACK_PATH } from '../auth/routes.js';
import { escapeHtml, type PageParts, type Preload } from './page-html.js';
import type { ManifestRemote, WebSource } from './web-source.js';

/** What a download page's preview may say about its file (from the gateway's link cache). */
export interface LinkPreview {
  fileName: string;
  sizeBytes: number;
}

export interface PageRequest {
  /** Scheme, host and port the visitor used. */
  origin: string;
  hostname: string;
  pathname: string;
  search: string;
  query: { lng?: string };
  cookieHeader?: string;
  acceptLanguage?: string;
}

export type PagePlan =
  | { kind: 'redirect'; url: string }
  | { kind: 'page'; status: 200 | 404; language: LanguageCode; parts: PageParts };

const PRODUCT = 'Ferry';
/** Spec §2: the tagline when no translation is available. */
const DUTCH_TAGLINE = 'Eenvoudig delen, slimme opslag.';
/** The marketing remote's pre-rendered pages, by path. */
const MARKETING_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing',
  '/faq': 'faq',
  '/privacy': 'privacy',
  '/terms': 'terms',
};

type Strings = Record<string, unknown>;

function text(strings: Strings | undefined, key: string): string | undefined {
  let node: unknown = strings;
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Strings)[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

function normalisedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Locale files i18next will ask for: the page's language and the fallback (English). */
function localePreloads(
  base: string,
  namespace: string,
  language: LanguageCode,
  hashes: Record<string, string>,
): Preload[] {
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  return languages.map((lng) => {
    const hash = hashes[`${lng}/${namespace}`];
    return { href: `${base}${lng}/${namespace}.json${hash ? `?v=${hash}` : ''}`, as: 'fetch' as const };
  });
}

function notFoundHtml(strings: Strings | undefined, homeUrl: string): string {
  const t = (key: string) => escapeHtml(text(strings, `notFound.${key}`) ?? '');
  return `<section class="not-found" data-screen="not-found"><h1>${t('title')}</h1><p>${t('expired')}</p><p>${t('hint')}</p><a href="${escapeHtml(homeUrl)}">${t('home')}</a></section>`;
}

/**
 * Decides what the server answers for a page request: the route (by @ferry/rules), the language
 * (`?lng=`, cookie, Accept-Language), the status (404 for unknown paths), and the parts written
 * into the shell's HTML (title, description, alternates, og tags, preloads, pre-rendered body).
 */
export async function planPage(
  req: PageRequest,
  source: WebSource,
  /** `subdomain`: the sender's host the page was asked on ('' elsewhere); another sender's link there gets none. */
  previewOf?: (slug: string, subdomain: string) => Promise<LinkPreview | undefined>,
): Promise<PagePlan> {
  const manifest = await source.manifest();
  const rootDomain = manifest?.rootDomain ?? defaultRootDomain(req.hostname);
  const host = classifyHost(req.hostname, rootDomain);
  const port = new URL(req.origin).port;
  const rootOrigin = `${new URL(req.origin).protocol}//${rootDomain}${port ? `:${port}` : ''}`;
  const decision: RouteDecision = resolveRoute({ pathname: req.pathname, search: req.search, host, rootOrigin });
  if (decision.kind === 'redirect') return { kind: 'redirect', url: decision.url };

  const language = chooseLanguage({
    query: typeof req.query.lng === 'string' ? req.query.lng : undefined,
    cookie: cookieValue(req.cookieHeader, LANGUAGE_COOKIE),
    acceptLanguage: req.acceptLanguage,
  });
  const strings = await source.shellStrings(language);
  const tagline = text(strings, 'meta.tagline') ?? DUTCH_TAGLINE;
  const path = normalisedPath(req.pathname);
  const langQuery = typeof req.query.lng === 'string' ? `?lng=${language}` : '';

  let title = `${PRODUCT} — ${tagline}`;
  let description = text(strings, 'meta.description') ?? '';
  let bodyHtml: string | undefined;
  const preloads: Preload[] = [];
  const styles: string[] = [];
  const shellHashes = await source.shellLocaleHashes();
  const localeVersions: Record<string, string> = { ...shellHashes };
  const shellChunks = await source.shellChunks();
  styles.push(...shellChunks.css);
  preloads.push(...shellChunks.js.map((href) => ({ href, as: 'script' as const })));
  preloads.push(...localePreloads('/locales/', 'shell', language, shellHashes));

  let remote: ManifestRemote | undefined;
  if (decision.kind === 'remote') {
    remote = manifest?.remotes[decision.remote];
    if (remote) {
      const hashes = await source.remoteLocaleHashes(remote);
      Object.assign(localeVersions, hashes);
      const exposed = await source.exposedAssets(remote);
      preloads.push({ href: remote.entry, as: 'script' });
      styles.push(...exposed.css);
      preloads.push(...exposed.js.map((href) => ({ href, as: 'script' as const })));
      preloads.push(...localePreloads(`${remote.base}locales/`, remote.name, language, hashes));
    }
    if (decision.remote === 'marketing') {
      const page = MARKETING_PAGES[path];
      if (path !== '/') title = `${text(strings, `nav.${page}`) ?? page} — ${PRODUCT}`;
      if (remote && page) bodyHtml = await source.prerendered(remote, page, language);
    }
    if (decision.remote === 'download') {
      const slug = downloadSlugOf(path);
      const preview =
        slug && previewOf ? await previewOf(slug, host.kind === 'sender' ? host.subdomain : '') : undefined;
      if (preview) {
        const size = sizeLabel(preview.sizeBytes, language);
        const name = displayFileName(preview.fileName);
        title = `${name} (${size}) — ${PRODUCT}`;
        description = interpolate(text(strings, 'meta.download') ?? '{{name}} ({{size}})', { name, size });
      }
      const frame = remote && slug ? await source.prerendered(remote, 'download', language) : undefined;
      // The frame was rendered for /r/<PRERENDER_SLUG>: the visitor's slug and path take its place.
      bodyHtml = frame
        ?.replaceAll(encodeURIComponent(`/r/${PRERENDER_SLUG}`), encodeURIComponent(`${req.pathname}${req.search}`))
        .replaceAll(PRERENDER_SLUG, escapeHtml(slug!));
    }
  } else if (path !== SHELL_CALLBACK_PATH) {
    title = `${text(strings, 'notFound.title') ?? 'Not found'} — ${PRODUCT}`;
    bodyHtml = notFoundHtml(strings, `${rootOrigin}/`);
  }

  // In the shell's frame (its header and main column), so nothing moves when the app takes over.
  if (bodyHtml !== undefined) {
    bodyHtml = `<div class="shell"><header class="shell-header"><a href="${escapeHtml(`${rootOrigin}/`)}" class="brand">${escapeHtml(text(strings, 'brand') ?? PRODUCT)}</a></header><main class="shell-main">${bodyHtml}</main></div>`;
  }

  const indexable = decision.kind === 'remote' && decision.remote === 'marketing';
  const alternates = indexable
    ? [
        ...SUPPORTED_LANGUAGES.map((lng) => ({ hreflang: lng, href: `${req.origin}${path}?lng=${lng}` })),
        { hreflang: 'x-default', href: `${req.origin}${path}` },
      ]
    : [];
  const parts: PageParts = {
    language,
    dir: textDirection(language),
    title,
    description,
    canonicalUrl: `${req.origin}${path}${langQuery}`,
    alternates,
    ogType: decision.kind === 'remote' && decision.remote === 'download' ? 'article' : 'website',
    ogLocale: language,
    preloads:
      bodyHtml === undefined ? [...styles.map((href) => ({ href, as: 'style' as const })), ...preloads] : preloads,
    ...(bodyHtml === undefined ? {} : { stylesheets: styles }),
    data: {
      ...(manifest ? { 'ferry-remotes': manifest.raw } : {}),
      'ferry-locale-versions': localeVersions,
    },
    ...(bodyHtml !== undefined ? { bodyHtml } : {}),
  };
  // The sign-in hand-over is the shell's own page, outside the route rules.
  const notFound = decision.kind === 'not-found' && path !== SHELL_CALLBACK_PATH;
  return { kind: 'page', status: notFound ? 404 : 200, language, parts };
}

/** Every marketing page in every language, for the sitemap. */
export function sitemapXml(origin: string): string {
  const urls = MARKETING_PATHS.map((path) => {
    const links = SUPPORTED_LANGUAGES.map(
      (lng) => `<xhtml:link rel="alternate" hreflang="${lng}" href="${escapeHtml(`${origin}${path}?lng=${lng}`)}"/>`,
    ).join('');
    return `<url><loc>${escapeHtml(`${origin}${path}`)}</loc>${links}</url>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /upload\nDisallow: /account\n\nSitemap: ${origin}/sitemap.xml\n`;
}
