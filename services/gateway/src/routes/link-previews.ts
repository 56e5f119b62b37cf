import { Router, type Request, type Response } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type {
  GetThumbnailResponse,
  LinkPreviewServiceClient,
  ListZipEntriesResponse,
  PreviewTarget,
} from '@ferry/contracts/link/v1/preview';
import { MAX_LISTED_ENTRIES, PreviewQuery, type ZipEntriesResponse } from '@ferry/http-contract';
import { displayFileName } from '@ferry/rules';
import { unary } from '../grpc/call.js';
import { backendErrorCode, isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { parseRequest } from '../http/validate.js';
import { requestSubdomain } from '../links/host-scope.js';
import type { NotFoundLimiter } from '../links/not-found-limiter.js';
import type { PublicLinks } from '../links/public-links.js';
import { linkCodeValue } from './request-rules.js';

export interface LinkPreviewRouteDeps {
  preview: LinkPreviewServiceClient;
  grpcDeadlineMs: number;
  /** Unknown codes count against the same not-found budget as /api/d/. */
  limiter: NotFoundLimiter;
  clientAddress: (req: Request) => string;
  /** Sender subdomains: a code seen on a sender's host is that sender's only. */
  publicLinks?: PublicLinks;
}

/** Browsers keep a preview a little; the link's state is checked again on every request that reaches us. */
const PREVIEW_CACHE = 'private, max-age=600';
const GONE_TEXT = 'This download link has expired or the file was removed by the sender.';

/**
 * Previews for the public download page: `GET /api/links/{slug}/thumbnail` (image bytes) and
 * `GET /api/links/{slug}/entries` (a zip's files). The link service fetches both from the owner's
 * drive with the owner's stored grant; the browser gets bytes and names only, never a token or a
 * drive URL. A protected link previews only with a live unlock token (`?token=`), as it downloads.
 */
export function linkPreviewRoutes(deps: LinkPreviewRouteDeps): Router {
  const router = Router();
  const { preview } = deps;
  const ctx = (req: Request) => ({ deadlineMs: deps.grpcDeadlineMs, requestId: req.id });

  function target(req: Request, res: Response): PreviewTarget | undefined {
    const wait = deps.limiter.blockedFor(deps.clientAddress(req));
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      res.status(429).json({ error: 'Too many unknown links, slow down', code: 'too_many_not_found' });
      return undefined;
    }
    const slug = parseRequest(linkCodeValue(), req.params.slug);
    const { token, file } = parseRequest(PreviewQuery, req.query);
    const ownerSubdomain = deps.publicLinks ? requestSubdomain(req, deps.publicLinks.rootHost) : '';
    return { slug, ownerSubdomain, unlockToken: token ?? '', fileIndex: file === undefined ? 0 : Number(file) };
  }

  /** The link service's refusals in the download page's terms (404 / 401 / 410 / 409), else the error handler's mapping. */
  async function refusal(req: Request, err: unknown): Promise<unknown> {
    if (!isGrpcCallError(err)) return err;
    const reason = backendErrorCode(err);
    if (err.code === GrpcStatus.NOT_FOUND && reason === 'no_preview')
      return new HttpError(404, 'no_preview', 'There is no preview of this file.');
    if ((err.code === GrpcStatus.INVALID_ARGUMENT || err.code === GrpcStatus.NOT_FOUND) && reason === 'no_such_file')
      return new HttpError(404, 'no_such_file', 'This transfer has no such file.');
    if (err.code === GrpcStatus.NOT_FOUND) {
      const wait = await deps.limiter.miss(deps.clientAddress(req));
      if (wait === 0)
        return new HttpError(
          404,
          'not_found',
          "We can't find this file. Check the link or ask the sender for a new one.",
        );
      req.res!.setHeader('Retry-After', String(wait));
      return new HttpError(429, 'too_many_not_found', 'Too many unknown links, slow down');
    }
    if (err.code === GrpcStatus.PERMISSION_DENIED && reason === 'password_required')
      return new HttpError(401, 'password_required', 'This link is protected by a password.');
    if (err.code === GrpcStatus.FAILED_PRECONDITION && reason === 'gone') return new HttpError(410, 'gone', GONE_TEXT);
    if (err.code === GrpcStatus.FAILED_PRECONDITION && reason === 'not_a_zip')
      return new HttpError(409, 'not_a_zip', 'This file is not a zip whose files can be listed.');
    return err;
  }

  router.get('/links/:slug/thumbnail', async (req, res) => {
    const t = target(req, res);
    if (!t) return;
    const thumb = await unary<GetThumbnailResponse>(
      (md, opts, cb) => preview.getThumbnail({ target: t }, md, opts, cb),
      ctx(req),
    ).catch(async (err: unknown) => {
      throw await refusal(req, err);
    });
    res.setHeader('Cache-Control', t.unlockToken ? 'private, no-store' : PREVIEW_CACHE);
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.type(thumb.contentType);
    // Express answers 304 itself when If-None-Match matches.
    res.setHeader('ETag', `"${t.slug}-${t.fileIndex}-${thumb.version}"`);
    res.send(Buffer.from(thumb.image));
  });

  router.get('/links/:slug/entries', async (req, res) => {
    const t = target(req, res);
    if (!t) return;
    const listing = await unary<ListZipEntriesResponse>(
      (md, opts, cb) => preview.listZipEntries({ target: t, maxEntries: MAX_LISTED_ENTRIES }, md, opts, cb),
      ctx(req),
    ).catch(async (err: unknown) => {
      throw await refusal(req, err);
    });
    res.setHeader('Cache-Control', t.unlockToken ? 'private, no-store' : PREVIEW_CACHE);
    res.json({
      // The names are only shown: one line, no controls or bidi controls (the zip's own bytes, from anyone).
      entries: listing.entries.map((e) => ({
        name: displayFileName(e.name),
        size: Number(e.sizeBytes),
        directory: e.isDirectory,
      })),
      total: Number(listing.totalEntries),
      truncated: listing.truncated,
    } satisfies ZipEntriesResponse);
  });

  return router;
}
