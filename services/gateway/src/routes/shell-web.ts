import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import express, { Router, type Request, type Response } from 'express';
import { renderPage } from '../web/page-html.js';
import { planPage, robotsTxt, sitemapXml, type LinkPreview } from '../web/page-parts.js';
import type { WebSource } from '../web/web-source.js';
import { precompressedStatic, varyOnEncoding } from '../web/precompressed.js';
import { IMMUTABLE, NO_CACHE, isContentHashed } from './cache-policy.js';

/** A shell file: hashed `static/**` assets are cached for good, everything else revalidated. */
export function shellCacheControl(relativePath: string): string {
  return relativePath.startsWith('static/') && isContentHashed(relativePath) ? IMMUTABLE : NO_CACHE;
}

/** Paths the SPA fallback never answers: they have their own handlers and 404s. */
const NOT_SPA = /^\/(api|remotes|static)(\/|$)|^\/remotes\.json$/;

/**
 * Whether a request is a browser navigation that the shell's router should handle
 * (e.g. `/upload`, `/d/abc`, `/abc123`). A missing asset such as `/favicon.png` or
 * `/locales/xx/app.json` stays a 404 unless the client asks for HTML.
 */
export function isSpaNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_SPA.test(req.path)) return false;
  const last = req.path.slice(req.path.lastIndexOf('/') + 1);
  if (!last.includes('.')) return true;
  return (req.get('accept') ?? '').includes('text/html');
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Pages differ by language and are written per request: compressed quickly, revalidated by ETag. */
async function sendCompressed(req: Request, res: Response, status: number, type: string, body: string): Promise<void> {
  res.status(status).type(type).setHeader('Cache-Control', NO_CACHE);
  res.vary('Accept-Encoding');
  const encoding = req.acceptsEncodings('br', 'gzip');
  if (encoding === 'br') {
    res.setHeader('Content-Encoding', 'br');
    res.send(await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (encoding === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(await gz(body, { level: 6 }));
  } else {
    res.send(body);
  }
}

export interface ShellWebOptions {
  /** The built files a page is written from (the shell's, the remotes', remotes.json). */
  source: WebSource;
  /** A download link's file name and size, for its page's preview (from the link cache), as the host sees it. */
  previewOf?: (slug: string, subdomain: string) => Promise<LinkPreview | undefined>;
}

/**
 * Serves the built shell (WEB_SHELL_DIR) at `/`:
 * - `static/**` files with a content hash: cached for a year, immutable;
 * - every other file: `no-cache` (revalidated with ETag / Last-Modified);
 * - text files pre-compressed at build (`.br`, `.gz`) sent as such to clients that accept them;
 * - navigations get the shell's HTML written for their route (web/page-parts.ts): language,
 *   metadata, preloads and the pre-rendered page; an unknown path is a 404 with the not-found screen;
 * - `/robots.txt` and `/sitemap.xml` (every marketing page in every language).
 */
export function shellWeb(dir: string, options: ShellWebOptions): Router {
  const root = path.resolve(dir);
  const router = Router();

  router.use(precompressedStatic(root, { cacheControl: shellCacheControl }));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      fallthrough: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', shellCacheControl(path.relative(root, filePath).split(path.sep).join('/')));
        varyOnEncoding(res, filePath);
      },
    }),
  );

  router.use(pagesWeb(options));
  return router;
}

/**
 * The pages, written per request from the builds (web/page-parts.ts): navigations get the shell's
 * HTML for their route (an unknown path is a 404 with the not-found screen), plus `/robots.txt`
 * and `/sitemap.xml`. Used with the shell's files on disk (single machine) or read from the web
 * servers over HTTP (Kubernetes, where nginx serves the static files).
 */
export function pagesWeb(options: ShellWebOptions): Router {
  const router = Router();
  const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  router.get('/robots.txt', (req, res, next) => {
    sendCompressed(req, res, 200, 'text/plain', robotsTxt(originOf(req))).catch(next);
  });
  router.get('/sitemap.xml', (req, res, next) => {
    sendCompressed(req, res, 200, 'application/xml', sitemapXml(originOf(req))).catch(next);
  });

  router.use(async (req, res, next) => {
    if (!isSpaNavigation(req)) {
      next();
      return;
    }
    try {
      const template = await options.source.shellIndex();
      if (template === undefined) {
        next();
        return;
      }
      const plan = await planPage(
        {
          origin: originOf(req),
          hostname: req.hostname,
          pathname: req.path,
          search: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '',
          query: { lng: typeof req.query.lng === 'string' ? req.query.lng : undefined },
          cookieHeader: req.get('cookie'),
          acceptLanguage: req.get('accept-language'),
        },
        options.source,
        options.previewOf,
      );
      if (plan.kind === 'redirect') {
        res.setHeader('Cache-Control', NO_CACHE);
        res.redirect(302, plan.url);
        return;
      }
      res.vary('Accept-Language').vary('Cookie').setHeader('Content-Language', plan.language);
      await sendCompressed(req, res, plan.status, 'html', renderPage(template, plan.parts));
    } catch (err) {
      next(err);
    }
  });

  return router;
}
