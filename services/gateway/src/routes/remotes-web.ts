import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError, notFound } from '../http/errors.js';
import { precompressedStatic, varyOnEncoding } from '../web/precompressed.js';
import { IMMUTABLE, NO_CACHE } from './cache-policy.js';

export interface RemoteMount {
  name: string;
  version: string;
  /** Absolute path of the remote's build output. */
  dir: string;
}

/** Entry files that must always be revalidated: they point at the hashed chunks of a build. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'locale-hashes.json']);

/**
 * A remote's file: the entry files, its strings (`locales/`, versioned by content hash in the URL's
 * query) and its pre-rendered pages are revalidated; the hashed chunks are cached for good.
 */
export function remoteCacheControl(relativePath: string): string {
  if (ENTRY_FILES.has(path.posix.basename(relativePath))) return NO_CACHE;
  if (/^(locales|prerender)\//.test(relativePath)) return NO_CACHE;
  return IMMUTABLE;
}

const crossOrigin: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  // Helmet's default same-origin policy would stop another origin (e.g. a dev shell) loading these.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

/**
 * Serves each federated remote build at `/remotes/<name>/<version>/…`. Several versions of one
 * remote can be mounted side by side; a release changes only the manifest. A missing file is a
 * JSON 404 (never the shell's index.html).
 */
export function remotesWeb(remotes: readonly RemoteMount[]): Router {
  const router = Router();
  router.use('/remotes', crossOrigin);
  for (const remote of remotes) {
    const mount = `/remotes/${remote.name}/${remote.version}`;
    router.use(mount, precompressedStatic(remote.dir, { cacheControl: remoteCacheControl }));
    router.use(
      mount,
      express.static(remote.dir, {
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        fallthrough: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader(
            'Cache-Control',
            remoteCacheControl(path.relative(remote.dir, filePath).split(path.sep).join('/')),
          );
          varyOnEncoding(res, filePath);
        },
      }),
    );
  }
  router.use('/remotes', notFound);
  return router;
}

/**
 * GET /remotes.json: the remotes manifest, read from disk on every request so a release (or a
 * rollback) is a file change without a gateway restart. Served `no-cache` with an ETag.
 */
export function remotesManifest(file: string, logger: Logger): Router {
  const router = Router();
  router.get('/remotes.json', async (_req, res, next) => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        next(new HttpError(404, 'not_found', 'Remotes manifest not found'));
        return;
      }
      throw err;
    }
    try {
      JSON.parse(text);
    } catch {
      logger.error({ file }, 'remotes manifest is not valid JSON');
      next(new HttpError(503, 'manifest_invalid', 'Remotes manifest is not available'));
      return;
    }
    res.set('Cache-Control', NO_CACHE).set('Access-Control-Allow-Origin', '*').type('application/json').send(text);
  });
  return router;
}
