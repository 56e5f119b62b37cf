import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';

/** The encodings every web build writes beside a text asset, in the server's order of preference. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Files of these kinds may have compressed copies, so caches must key them by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

export function isCompressible(filePath: string): boolean {
  return COMPRESSIBLE.test(filePath);
}

/** `Vary: Accept-Encoding` on any response that could have been sent compressed. */
export function varyOnEncoding(res: Response, filePath: string): void {
  if (isCompressible(filePath)) res.vary('Accept-Encoding');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export interface PrecompressedOptions {
  /** Cache-Control of a file, by its path relative to the root (`/`-separated). */
  cacheControl(relativePath: string): string;
  /** Extra headers of every file sent. */
  headers?: Record<string, string>;
}

/**
 * Sends the build's pre-compressed copy of a text asset (`<file>.br`, else `<file>.gz`) when the
 * client accepts that encoding, with `Content-Encoding`, the original's type and
 * `Vary: Accept-Encoding`; anything else falls through to the plain static handler.
 */
export function precompressedStatic(root: string, options: PrecompressedOptions): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCompressible(req.path)) {
      next();
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const file = path.join(base, relative);
    if (
      relative.includes('\0') ||
      !file.startsWith(base + path.sep) ||
      relative.split('/').some((s) => s.startsWith('.'))
    ) {
      next();
      return;
    }
    const accepted = ENCODINGS.filter((e) => req.acceptsEncodings(e.name) === e.name);
    if (accepted.length === 0) {
      next();
      return;
    }
    void (async () => {
      for (const encoding of accepted) {
        if (!(await isFile(file + encoding.ext))) continue;
        const rel = path.relative(base, file).split(path.sep).join('/');
        res.vary('Accept-Encoding');
        res.type(path.extname(file));
        res.sendFile(
          file + encoding.ext,
          {
            dotfiles: 'deny',
            cacheControl: false,
            headers: {
              ...options.headers,
              'Content-Encoding': encoding.name,
              'Cache-Control': options.cacheControl(rel),
            },
          },
          (err) => {
            if (err && !res.headersSent) next(err);
          },
        );
        return;
      }
      next();
    })().catch(next);
  };
}
