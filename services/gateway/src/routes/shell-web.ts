import path from 'node:path';
import express, { Router, type Request } from 'express';
import { IMMUTABLE, NO_CACHE, isContentHashed } from './cache-policy.js';

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

/**
 * Serves the built shell (WEB_SHELL_DIR) at `/`:
 * - `static/**` files with a content hash: cached for a year, immutable;
 * - `index.html` and every other file: `no-cache` (revalidated with ETag / Last-Modified);
 * - navigations that match no file get index.html (SPA fallback).
 */
export function shellWeb(dir: string): Router {
  const root = path.resolve(dir);
  const router = Router();

  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      fallthrough: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        const hashed = rel.startsWith('static/') && isContentHashed(rel);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : NO_CACHE);
      },
    }),
  );

  router.use((req, res, next) => {
    if (!isSpaNavigation(req)) {
      next();
      return;
    }
    res.sendFile(
      'index.html',
      { root, dotfiles: 'deny', cacheControl: false, headers: { 'Cache-Control': NO_CACHE } },
      (err) => {
        if (err) next(err);
      },
    );
  });

  return router;
}
