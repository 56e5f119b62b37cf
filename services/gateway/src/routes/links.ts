import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { goneReasonOf, goneText, type GoneReason } from '../links/gone.js';
import type * as linkV1 from '@ferry/contracts/link/v1';
import { LinkStatus, type LinkServiceClient } from '@ferry/contracts/link/v1';
import type { AssertedUser } from '@ferry/service-kit';
import { unary } from '../grpc/call.js';
import { OUTAGE_ANSWER } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { isSlug } from '@ferry/rules';
import {
  CodeQuery,
  DeleteBody,
  ExtendBody,
  InvalidateQuery,
  LinksQuery,
  ShareQuery,
  ShortenBody,
  ShortlinkBody,
  SizeQuery,
  SlugQuery,
  TelemetryBody,
  type DownloadCountResponse,
  type ExtendResponse,
  type ResolveResponse,
  type ShareInfoResponse,
  type ShortenResponse,
  type ShortlinkResponse,
  type SizeResponse,
} from '@ferry/http-contract';
import {
  driveFileIdValue,
  linkCodeValue,
  ownerValue,
  sizeIdValue,
  slugValue,
  subdomainValue,
  telemetrySlugValue,
  ttlSecondsValue,
} from './request-rules.js';
import { cacheKey, requestSubdomain, visibleOn } from '../links/host-scope.js';
import { publicLinksFor, type PublicLinks } from '../links/public-links.js';
import type { DownloadCounter } from '../links/download-counter.js';
import { downloadOnceKey } from '../links/download-once.js';
import { driveDownloadUrl, type DriveDownloadOptions } from '../links/drive-url.js';
import type { GuardedDownloads } from '../links/guarded-download.js';
import { isGuarded, type CacheEntry, type LinkCache } from '../links/link-cache.js';
import { isLinkServiceFailure } from '../links/link-service-failure.js';
import type { NotFoundLimiter } from '../links/not-found-limiter.js';
import type { PasswordLimits } from '../links/password-limits.js';
import type { ActionSigner } from '@ferry/service-kit';
import { linkAccessRoutes } from './link-access.js';
import type { NotificationServiceClient } from '@ferry/contracts/notification/v1';

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
  /** After sign-in, before a new link is made: 402 when the caller's trial or plan has ended (billing/access-gate.ts). */
  requireAccess?: RequestHandler;
  /** Downloads of links with a password or a download limit, claimed one by one; absent = every link redirects from the cache. */
  guarded?: GuardedDownloads;
  /** Password guesses per client and per link. */
  passwordLimits?: PasswordLimits;
  /** Signs the one-click "+1 day" of mails to a sender (ACTION_SIGNING_KEY); absent = "ask for more time" is off. */
  actions?: ActionSigner;
  /** For "ask for more time": the mail to the owner. */
  notification?: NotificationServiceClient;
}

const notFound = () =>
  new HttpError(404, 'not_found', "We can't find this file. Check the link or ask the sender for a new one.");
const gone = (reason?: GoneReason) => new HttpError(410, 'gone', goneText(reason), reason);
const goneReason = (deleted: boolean, blocked = false): GoneReason =>
  deleted ? 'removed' : blocked ? 'unavailable' : 'expired';

/** The user an owner call acts for. requireAuth ran before: from the verified token, never from the body. */
function signedInUser(req: Request): AssertedUser {
  return { sub: req.auth!.sub, email: req.auth!.email };
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

  const isLive = (e: CacheEntry & { found: true }) => goneReasonOf(e) === undefined;

  const shorten: RequestHandler = async (req, res) => {
    const body = parseRequest(ShortenBody, bodyObject(req.body));
    const fileId = parseRequest(driveFileIdValue, body.fileId);
    // A transfer: fileId is the folder, `files` its files (checked again on the drive by the link service).
    const transfer = body.files
      ? { driveFileIds: body.files.map((id) => parseRequest(driveFileIdValue, id)) }
      : undefined;
    const result = await unary<linkV1.ShortenResponse>(
      (md, opts, cb) =>
        link.shorten(
          {
            driveAccessToken: req.auth!.token,
            driveFileId: fileId,
            fileName: body.fileName,
            sizeBytes: '0',
            expiresAt: body.expiresAt,
            uploaderTimeZone: body.timeZone,
            uploaderLocale: body.locale,
            transfer,
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
    } satisfies Partial<ShortenResponse>);
  };
  // Only new links need a live trial or plan; extend, delete, share and downloads of existing links never do.
  const requireAccess: RequestHandler = deps.requireAccess ?? ((_req, _res, next) => next());
  router.post(['/shorten', '/shorten/create'], authenticate, requireAccess, shorten);

  const extend: RequestHandler = async (req, res) => {
    const body = parseRequest(ExtendBody, bodyObject(req.body));
    const slug = parseRequest(slugValue(), body.slug ?? parseRequest(SlugQuery, req.query).slug);
    const result = await unary<linkV1.UpdateExpiryResponse>(
      (md, opts, cb) => link.updateExpiry({ slug, expiresAt: body.expiresAt }, md, opts, cb),
      userCtx(req),
    );
    deps.cache.invalidate(slug);
    res.json({ ok: true, slug, expiresAt: result.link?.expiresAt?.toISOString() } satisfies Partial<ExtendResponse>);
  };
  router.patch(['/shorten', '/shortlink'], authenticate, extend);
  router.post('/shorten/update', authenticate, extend);

  router.delete('/shorten', authenticate, async (req, res) => {
    const body = parseRequest(DeleteBody, bodyObject(req.body));
    const slug = parseRequest(slugValue(), body.slug ?? parseRequest(SlugQuery, req.query).slug);
    await unary((md, opts, cb) => link.deleteLink({ slug }, md, opts, cb), userCtx(req));
    deps.cache.invalidate(slug);
    res.status(204).end();
  });

  router.post('/shortlink', authenticate, async (req, res) => {
    const body = parseRequest(ShortlinkBody, bodyObject(req.body));
    const code = parseRequest(linkCodeValue(), body.code);
    const { target } = body;
    const subdomain = parseRequest(subdomainValue, body.subdomain);
    const ttl = parseRequest(ttlSecondsValue, body.ttlSeconds);
    const result = await unary<linkV1.CreateShortlinkResponse>(
      (md, opts, cb) =>
        link.createShortlink(
          { code, subdomain, ttlSeconds: String(ttl), slug: target && isSlug(target) ? target : '' },
          md,
          opts,
          cb,
        ),
      userCtx(req),
    );
    res.status(201).json({
      url: links.senderUrl(result.subdomain, result.slug),
      expiresAt: result.expiresAt?.toISOString(),
    } satisfies ShortlinkResponse);
  });

  router.get('/s', async (req, res) => {
    const query = parseRequest(ShareQuery, req.query);
    const slug = parseRequest(linkCodeValue(), query.code);
    if (!guardProbe(req, res)) return;
    res.setHeader('Cache-Control', 'no-store');
    if (query.probe) {
      const entry = await lookup(req, slug);
      if (!isLive(entry)) throw gone(goneReason(entry.deleted, entry.blocked));
      res.status(204).end();
      return;
    }
    if (query.dl) {
      const entry = await lookup(req, slug);
      const result = await unary<{ count: string }>(
        (md, opts, cb) => link.getDownloadCount({ slug: entry.slug }, md, opts, cb),
        ctx(req),
      );
      const count = Number(result.count);
      res.json({ count, downloads: count, dlCount: count, dl: { count } } satisfies DownloadCountResponse);
      return;
    }
    if (query.meta) {
      const found = await lookup(req, slug);
      const info = await unary<linkV1.GetShareInfoResponse>(
        (md, opts, cb) => link.getShareInfo({ slug: found.slug }, md, opts, cb),
        ctx(req),
      );
      if (info.status !== LinkStatus.LINK_STATUS_ACTIVE)
        throw gone(
          goneReason(info.status === LinkStatus.LINK_STATUS_DELETED, info.status === LinkStatus.LINK_STATUS_BLOCKED),
        );
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
        // A protected or limited link's drive URL is never given out here: only a claim may.
        ...(isGuarded(found) ? { directUrl: undefined } : {}),
        ...(found.passwordProtected ? { passwordRequired: true } : {}),
        // A transfer: no drive URL of the folder, its files one by one through /api/d/{slug}/{n}.
        ...(info.transfer
          ? {
              directUrl: undefined,
              files: info.transfer.files.map((f) => ({
                index: f.index,
                name: f.name,
                size: Number(f.sizeBytes),
                mimeType: f.mimeType,
                downloadUrl: `${downloadUrl(found.slug)}/${f.index}`,
              })),
            }
          : {}),
      } satisfies ShareInfoResponse);
      return;
    }
    throw new HttpError(400, 'invalid_argument', 'one of dl=1, probe=1 or meta=1 is required');
  });

  router.post('/s', authenticate, async (req, res) => {
    const query = parseRequest(InvalidateQuery, req.query);
    if (!query.invalidate) throw new HttpError(400, 'invalid_argument', 'invalidate=1 is required');
    const slug = parseRequest(slugValue(), query.slug);
    await unary((md, opts, cb) => link.invalidateLink({ slug }, md, opts, cb), userCtx(req));
    deps.cache.invalidate(slug);
    res.status(204).end();
  });

  router.get('/resolve', async (req, res) => {
    const code = parseRequest(linkCodeValue('id'), parseRequest(CodeQuery, req.query).code);
    if (!guardProbe(req, res)) return;
    res.setHeader('Cache-Control', 'no-store');
    const result = await unary<linkV1.ResolveLinkResponse>(
      (md, opts, cb) => link.resolveLink({ slug: code, ownerSubdomain: hostSubdomain(req) }, md, opts, cb),
      ctx(req),
    ).catch(async (err: { code?: number }) => {
      throw err.code === 5 ? await missError(req) : err;
    });
    const l = result.link!;
    if (l.status !== LinkStatus.LINK_STATUS_ACTIVE)
      throw gone(goneReason(l.status === LinkStatus.LINK_STATUS_DELETED, l.status === LinkStatus.LINK_STATUS_BLOCKED));
    res.json({
      ownerSubdomain: l.ownerSubdomain,
      owner_subdomain: l.ownerSubdomain,
      slug: l.slug,
      expiresAt: l.expiresAt?.toISOString(),
    } satisfies Partial<ResolveResponse>);
  });

  router.get('/size', async (req, res) => {
    const query = parseRequest(SizeQuery, req.query);
    const id = parseRequest(sizeIdValue, query.id);
    // On a sender's host the host decides whose file this is.
    const owner = parseRequest(ownerValue, hostSubdomain(req) || (query.owner ?? ''));
    if (!guardProbe(req, res)) return;
    const result = await unary<{ sizeBytes: string }>(
      (md, opts, cb) => link.getSize({ id, ownerSubdomain: owner }, md, opts, cb),
      ctx(req),
    ).catch(async (err: { code?: number }) => {
      throw err.code === 5 ? await missError(req) : err;
    });
    const size = Number(result.sizeBytes);
    res.json({ size, bytes: size, sizeBytes: size } satisfies SizeResponse);
  });

  router.get('/download', async (req, res) => {
    const code = parseRequest(linkCodeValue('id'), parseRequest(CodeQuery, req.query).code);
    if (!guardProbe(req, res)) return;
    try {
      await legacyDownload(req, res, code);
    } catch (err) {
      if (!isLinkServiceFailure(err)) throw err;
      const { httpStatus, body, retryAfterS } = OUTAGE_ANSWER;
      res
        .status(httpStatus)
        .set({ 'Retry-After': String(retryAfterS), 'Cache-Control': 'no-store' })
        .json(body);
    }
  });

  async function legacyDownload(req: Request, res: Response, code: string): Promise<void> {
    const entry = await lookup(req, code);
    if (!isLive(entry)) throw gone(goneReason(entry.deleted, entry.blocked));
    if (entry.files)
      throw new HttpError(
        409,
        'transfer',
        'This link is a transfer of several files: download them with /api/d/{slug}/{n}',
      );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (deps.guarded && isGuarded(entry)) {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const answer = await deps.guarded.claim(code, hostSubdomain(req), token, req.id);
      if (answer.kind === 'password')
        throw new HttpError(401, 'password_required', 'This link is protected by a password.');
      if (answer.kind === 'gone') throw new HttpError(410, 'gone', goneText(answer.reason), answer.reason);
      if (answer.kind === 'bad_target') throw new HttpError(502, 'bad_link_target', 'This link cannot be served');
      res.writeHead(302, { Location: answer.location }).end();
      return;
    }
    const location = driveDownloadUrl(deps.drive, entry.driveFileId, entry.sizeBytes);
    if (!location) throw new HttpError(502, 'bad_link_target', 'This link cannot be served');
    await deps.counter.add(entry.slug, downloadOnceKey(req, deps.clientAddress, entry.slug));
    res.writeHead(302, { Location: location }).end();
  }

  // navigator.sendBeacon posts text/plain: read that as JSON too.
  router.post('/telemetry', express.text({ type: 'text/plain', limit: '4kb' }), async (req, res) => {
    let raw: unknown = req.body;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'invalid_argument', 'body must be JSON');
      }
    }
    const body = parseRequest(TelemetryBody, bodyObject(raw));
    const slug = parseRequest(telemetrySlugValue, body.slug);
    await unary((md, opts, cb) => link.recordTelemetry({ slug, clientTime: body.clientTime }, md, opts, cb), ctx(req));
    res.status(204).end();
  });

  router.get('/links', authenticate, async (req, res) => {
    const { pageToken } = parseRequest(LinksQuery, req.query);
    const result = await unary<linkV1.ListLinksResponse>(
      (md, opts, cb) => link.listLinks({ pageSize: 100, pageToken, driveFileIds: [] }, md, opts, cb),
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
        passwordProtected: l.passwordProtected === true,
        ...(l.transfer ? { fileCount: l.transfer.fileCount } : {}),
        downloadLimit: Number(l.downloadLimit ?? 0) > 0 ? Number(l.downloadLimit) : null,
      })),
      nextPageToken: result.nextPageToken || undefined,
    });
  });

  router.use(
    linkAccessRoutes({
      ...deps,
      lookup,
      hostSubdomain,
      userCtx,
      ctx,
      downloadPageUrl: (slug, ownerSubdomain) => shortUrl(slug, ownerSubdomain),
    }),
  );

  return router;
}
