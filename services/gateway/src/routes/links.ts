import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { LinkStatus, type LinkServiceClient } from '@ferry/contracts/link/v1';
import type { AssertedUser } from '@ferry/service-kit';
import { unary } from '../grpc/call.js';
import { HttpError } from '../http/errors.js';
import { isLinkCode, isSlug, isSubdomain } from '@ferry/rules';
import { isDriveFileId } from '../links/drive-id.js';
import { cacheKey, requestSubdomain, visibleOn } from '../links/host-scope.js';
import { publicLinksFor, type PublicLinks } from '../links/public-links.js';
import type { DownloadCounter } from '../links/download-counter.js';
import { driveDownloadUrl, type DriveDownloadOptions } from '../links/drive-url.js';
import type { CacheEntry, LinkCache } from '../links/link-cache.js';
import type { NotFoundLimiter } from '../links/not-found-limiter.js';

export interface LinkRouteDeps {
  link: LinkServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth); sets req.auth. */
  authenticate: RequestHandler;
  cache: LinkCache;
  counter: DownloadCounter;
  limiter: NotFoundLimiter;
  /** The client's address (behind trusted proxies, from X-Forwarded-For): src/http/client-address.ts. */
  clientAddress: (req: Request) => string;
  drive: DriveDownloadOptions;
  /** https://ferry.example.com — short URLs and download URLs are built on it. */
  publicOrigin: string;
  /** Handed-out link URLs and the root host; absent = `/r/{slug}` links and every host is the root. */
  publicLinks?: PublicLinks;
}

const bad = (message: string) => new HttpError(400, 'invalid_argument', message);
const notFound = () => new HttpError(404, 'not_found', "We can't find this file. Check the link or ask the sender for a new one.");
const gone = () => new HttpError(410, 'gone', 'This download link has expired or the file was removed by the sender.');

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The first string among the aliases the spec allows for one field. */
function pick(source: Record<string, unknown> | undefined, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = source?.[n];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

function slugParam(value: string | undefined, what = 'slug'): string {
  if (!value || !isSlug(value)) throw bad(`${what} must be 8 to 16 characters of A-Z, a-z, 0-9, _ or -`);
  return value;
}

function codeParam(value: string | undefined, what = 'slug'): string {
  if (!value || !isLinkCode(value)) throw bad(`${what} is not a valid link code`);
  return value;
}

/** The user an owner call acts for. requireAuth ran before: from the verified token, never from the body. */
function signedInUser(req: Request): AssertedUser {
  return { sub: req.auth!.sub, email: req.auth!.email };
}

function isoOrUndefined(v: unknown, what: string): Date | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const d = typeof v === 'number' ? new Date(v) : typeof v === 'string' ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw bad(`${what} must be an ISO date`);
  return d;
}

export function linkRoutes(deps: LinkRouteDeps): Router {
  const router = Router();
  const { link, authenticate } = deps;
  const ctx = (req: Request) => ({ deadlineMs: deps.grpcDeadlineMs, requestId: req.id });
  /** For owner RPCs: the call carries the gateway's assertion of the signed-in user. */
  const userCtx = (req: Request) => ({ ...ctx(req), user: signedInUser(req) });
  const links = deps.publicLinks ?? publicLinksFor(deps.publicOrigin, false);
  const shortUrl = (slug: string, ownerSubdomain: string) => links.shortUrl(slug, ownerSubdomain);
  const hostSubdomain = (req: Request) => (deps.publicLinks ? requestSubdomain(req, links.rootHost) : '');
  const downloadUrl = (slug: string) => `${deps.publicOrigin}/api/d/${slug}`;

  /** Public look-ups share the not-found budget of /api/d/. */
  function guardProbe(req: Request, res: Response): boolean {
    const wait = deps.limiter.blockedFor(deps.clientAddress(req));
    if (wait > 0) {
      tooMany(res, wait);
      return false;
    }
    return true;
  }

  function tooMany(res: Response, wait: number): void {
    res.setHeader('Retry-After', String(wait));
    res.status(429).json({ error: 'Too many unknown links, slow down', code: 'too_many_not_found' });
  }

  /** Counts a not-found answer: the 404 to throw, or the 429 (with Retry-After) once over the budget. */
  async function missError(req: Request): Promise<HttpError> {
    const wait = await deps.limiter.miss(deps.clientAddress(req));
    if (wait === 0) return notFound();
    req.res!.setHeader('Retry-After', String(wait));
    return new HttpError(429, 'too_many_not_found', 'Too many unknown links, slow down');
  }

  /** The link of a code as the request's host sees it (links/host-scope.ts). */
  async function lookup(req: Request, code: string): Promise<CacheEntry & { found: true }> {
    const subdomain = hostSubdomain(req);
    const entry = visibleOn(await deps.cache.get(cacheKey(code, subdomain)), subdomain);
    if (!entry.found) throw await missError(req);
    return entry;
  }

  const isLive = (e: CacheEntry & { found: true }) => !e.deleted && Date.now() < e.expiresAtMs;

  const shorten: RequestHandler = async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fileId = pick(body, 'fileId', 'id');
    if (!fileId || !isDriveFileId(fileId)) throw bad('fileId must be a drive file id');
    const result = await unary<import('@ferry/contracts/link/v1').ShortenResponse>(
      (md, opts, cb) =>
        link.shorten(
          {
            driveAccessToken: req.auth!.token,
            driveFileId: fileId,
            fileName: str(body.fileName) ?? '',
            sizeBytes: '0',
            expiresAt: isoOrUndefined(body.expiresAt, 'expiresAt'),
            uploaderTimeZone: (pick(body, 'senderTimeZone', 'uploaderTZ') ?? '').slice(0, 64),
            uploaderLocale: (pick(body, 'uploaderLocale') ?? '').slice(0, 35),
          },
          md,
          opts,
          cb,
        ),
      userCtx(req),
    );
    const l = result.link!;
    res.status(201).json({
      shortId: result.shortId,
      slug: result.shortId,
      shortUrl: shortUrl(result.shortId, result.ownerSubdomain),
      downloadUrl: downloadUrl(result.shortId),
      owner_subdomain: result.ownerSubdomain,
      ownerSubdomain: result.ownerSubdomain,
      owner: result.ownerSubdomain,
      fileName: l.fileName,
      size: Number(l.sizeBytes),
      expiresAt: l.expiresAt?.toISOString(),
    });
  };
  router.post(['/shorten', '/shorten/create'], authenticate, shorten);

  const extend: RequestHandler = async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const slug = slugParam(pick(body, 'slug', 'shortId') ?? str(req.query.slug));
    const result = await unary<import('@ferry/contracts/link/v1').UpdateExpiryResponse>(
      (md, opts, cb) => link.updateExpiry({ slug, expiresAt: isoOrUndefined(body.expiresAt, 'expiresAt') }, md, opts, cb),
      userCtx(req),
    );
    deps.cache.invalidate(slug);
    res.json({ ok: true, slug, expiresAt: result.link?.expiresAt?.toISOString() });
  };
  router.patch(['/shorten', '/shortlink'], authenticate, extend);
  router.post('/shorten/update', authenticate, extend);

  router.delete('/shorten', authenticate, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const slug = slugParam(pick(body, 'slug', 'shortId') ?? str(req.query.slug));
    await unary((md, opts, cb) => link.deleteLink({ slug }, md, opts, cb), userCtx(req));
    deps.cache.invalidate(slug);
    res.status(204).end();
  });

  router.post('/shortlink', authenticate, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const code = codeParam(pick(body, 'slug', 'token', 'u', 'e', 'n'), 'slug');
    const target = pick(body, 'target', 'shortId');
    const subdomain = pick(body, 'subdomain') ?? '';
    if (!isSubdomain(subdomain)) throw bad('subdomain must be 1 to 63 characters of a-z, 0-9 and -');
    const ttl = body.ttlSeconds === undefined ? 0 : Number(body.ttlSeconds);
    if (!Number.isFinite(ttl) || ttl < 0 || ttl > 10 * 365 * 86_400) throw bad('ttlSeconds must be a number of seconds');
    const result = await unary<import('@ferry/contracts/link/v1').CreateShortlinkResponse>(
      (md, opts, cb) =>
        link.createShortlink({ code, subdomain, ttlSeconds: String(Math.floor(ttl)), slug: target && isSlug(target) ? target : '' }, md, opts, cb),
      userCtx(req),
    );
    res.status(201).json({ url: links.senderUrl(result.subdomain, result.slug), expiresAt: result.expiresAt?.toISOString() });
  });

  router.get('/s', async (req, res) => {
    const slug = codeParam(str(req.query.slug) ?? str(req.query.id));
    if (!guardProbe(req, res)) return;
    res.setHeader('Cache-Control', 'no-store');
    if (req.query.probe !== undefined) {
      const entry = await lookup(req, slug);
      if (!isLive(entry)) throw gone();
      res.status(204).end();
      return;
    }
    if (req.query.dl !== undefined) {
      const entry = await lookup(req, slug);
      const result = await unary<{ count: string }>((md, opts, cb) => link.getDownloadCount({ slug: entry.slug }, md, opts, cb), ctx(req));
      const count = Number(result.count);
      res.json({ count, downloads: count, dlCount: count, dl: { count } });
      return;
    }
    if (req.query.meta !== undefined) {
      const found = await lookup(req, slug);
      const info = await unary<import('@ferry/contracts/link/v1').GetShareInfoResponse>((md, opts, cb) => link.getShareInfo({ slug: found.slug }, md, opts, cb), ctx(req));
      if (info.status !== LinkStatus.LINK_STATUS_ACTIVE) throw gone();
      const size = Number(info.sizeBytes);
      const expiresAt = info.expiresAt!;
      res.json({
        fileName: info.fileName,
        name: info.fileName,
        size,
        bytes: size,
        sizeBytes: size,
        expiresAt: expiresAt.toISOString(),
        expiresAtMs: expiresAt.getTime(),
        downloadUrl: downloadUrl(found.slug),
        directUrl: driveDownloadUrl(deps.drive, info.driveFileId, size),
        senderEmail: info.senderEmail,
        ownerEmail: info.ownerEmail,
        ownerSubdomain: info.ownerSubdomain,
        owner_subdomain: info.ownerSubdomain,
        unverifiable: info.unverifiable,
      });
      return;
    }
    throw bad('one of dl=1, probe=1 or meta=1 is required');
  });

  router.post('/s', authenticate, async (req, res) => {
    if (req.query.invalidate === undefined) throw bad('invalidate=1 is required');
    const slug = slugParam(str(req.query.slug));
    await unary((md, opts, cb) => link.invalidateLink({ slug }, md, opts, cb), userCtx(req));
    deps.cache.invalidate(slug);
    res.status(204).end();
  });

  router.get('/resolve', async (req, res) => {
    const code = codeParam(str(req.query.id) ?? str(req.query.slug), 'id');
    if (!guardProbe(req, res)) return;
    res.setHeader('Cache-Control', 'no-store');
    const result = await unary<import('@ferry/contracts/link/v1').ResolveLinkResponse>(
      (md, opts, cb) => link.resolveLink({ slug: code, ownerSubdomain: hostSubdomain(req) }, md, opts, cb),
      ctx(req),
    ).catch(async (err: { code?: number }) => {
      throw err.code === 5 ? await missError(req) : err;
    });
    const l = result.link!;
    if (l.status !== LinkStatus.LINK_STATUS_ACTIVE) throw gone();
    res.json({ ownerSubdomain: l.ownerSubdomain, owner_subdomain: l.ownerSubdomain, slug: l.slug, expiresAt: l.expiresAt?.toISOString() });
  });

  router.get('/size', async (req, res) => {
    const id = str(req.query.id);
    if (!id || !(isLinkCode(id) || isDriveFileId(id))) throw bad('id must be a slug or a drive file id');
    // On a sender's host the host decides whose file this is.
    const owner = hostSubdomain(req) || (str(req.query.owner) ?? '');
    if (owner !== '' && !isSubdomain(owner)) throw bad('owner must be a subdomain');
    if (!guardProbe(req, res)) return;
    const result = await unary<{ sizeBytes: string }>((md, opts, cb) => link.getSize({ id, ownerSubdomain: owner }, md, opts, cb), ctx(req)).catch(
      async (err: { code?: number }) => {
        throw err.code === 5 ? await missError(req) : err;
      },
    );
    const size = Number(result.sizeBytes);
    res.json({ size, bytes: size, sizeBytes: size });
  });

  router.get('/download', async (req, res) => {
    const code = codeParam(str(req.query.id) ?? str(req.query.slug), 'id');
    if (!guardProbe(req, res)) return;
    const entry = await lookup(req, code);
    if (!isLive(entry)) throw gone();
    const location = driveDownloadUrl(deps.drive, entry.driveFileId, entry.sizeBytes);
    if (!location) throw new HttpError(502, 'bad_link_target', 'This link cannot be served');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.writeHead(302, { Location: location }).end();
    deps.counter.add(entry.slug);
  });

  // navigator.sendBeacon posts text/plain: read that as JSON too.
  router.post('/telemetry', express.text({ type: 'text/plain', limit: '4kb' }), async (req, res) => {
    let body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof req.body === 'string') {
      try {
        body = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        throw bad('body must be JSON');
      }
    }
    const slug = pick(body, 'slug');
    if (!slug || !isSlug(slug)) throw bad('slug is required');
    const ts = typeof body.ts === 'number' || typeof body.ts === 'string' ? new Date(body.ts) : undefined;
    await unary(
      (md, opts, cb) => link.recordTelemetry({ slug, clientTime: ts && !Number.isNaN(ts.getTime()) ? ts : undefined }, md, opts, cb),
      ctx(req),
    );
    res.status(204).end();
  });

  router.get('/links', authenticate, async (req, res) => {
    const pageToken = str(req.query.pageToken) ?? '';
    const result = await unary<import('@ferry/contracts/link/v1').ListLinksResponse>(
      (md, opts, cb) => link.listLinks({ pageSize: 100, pageToken: /^\d{1,9}$/.test(pageToken) ? pageToken : '', driveFileIds: [] }, md, opts, cb),
      userCtx(req),
    );
    res.json({
      links: result.links.map((l) => ({
        slug: l.slug,
        shortId: l.slug,
        shortUrl: shortUrl(l.slug, l.ownerSubdomain),
        fileId: l.driveFileId,
        fileName: l.fileName,
        size: Number(l.sizeBytes),
        expiresAt: l.expiresAt?.toISOString(),
        createdAt: l.createdAt?.toISOString(),
        downloads: Number(l.downloadCount),
        ownerSubdomain: l.ownerSubdomain,
      })),
      nextPageToken: result.nextPageToken || undefined,
    });
  });

  return router;
}
