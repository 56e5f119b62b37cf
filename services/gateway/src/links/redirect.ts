import { randomUUID } from 'node:crypto';
import { goneReasonOf, goneText, type GoneReason } from './gone.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceError } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { grpcErrorToHttp, isGrpcCallError, OUTAGE_ANSWER } from '../grpc/status-map.js';
import { API_CSP, FRAME_OPTIONS } from '../http/csp.js';
import { isLinkCode } from '@ferry/rules';
import type { GatewayMetrics } from '../http/metrics.js';
import type { DownloadCounter } from './download-counter.js';
import { downloadOnceKey } from './download-once.js';
import { driveDownloadUrl, type DriveDownloadOptions } from './drive-url.js';
import { cacheKey, requestSubdomain, visibleOn } from './host-scope.js';
import { unlockTokenOf, type GuardedDownloads } from './guarded-download.js';
import { isGuarded, type CacheEntry, type CachedLink, type LinkCache } from './link-cache.js';
import { isLinkServiceFailure } from './link-service-failure.js';
import type { NotFoundLimiter } from './not-found-limiter.js';

export interface DownloadRedirectDeps {
  cache: LinkCache;
  counter: DownloadCounter;
  limiter: NotFoundLimiter;
  /** The client's address (behind trusted proxies, from X-Forwarded-For): src/http/client-address.ts. */
  clientAddress: (req: IncomingMessage) => string;
  drive: DriveDownloadOptions;
  logger: Logger;
  isDraining: () => boolean;
  /** Cache hits and misses, downloads served. */
  metrics?: GatewayMetrics;
  /** PUBLIC_ORIGIN's host: on `{sender}.{rootHost}` only that sender's links exist (links/host-scope.ts). Absent = every host is the root. */
  rootHost?: string;
  /** Links with a password or a download limit are claimed at the link service per download; absent = redirected like the others. */
  guarded?: GuardedDownloads;
}

const PREFIX = '/api/d/';

/** The routes answered here, before Express (the API contract documents them with the others). */
export const RAW_REDIRECT_ROUTES = [
  { method: 'get', path: `${PREFIX}{slug}` },
  { method: 'head', path: `${PREFIX}{slug}` },
  { method: 'get', path: `${PREFIX}{slug}/{file}` },
  { method: 'head', path: `${PREFIX}{slug}/{file}` },
] as const;

/** `{file}` of `/api/d/{slug}/{file}`: 1 to 1000 without leading zeros, else 0 (no such file). */
function fileNumber(text: string): number {
  return /^[1-9][0-9]{0,3}$/.test(text) && Number(text) <= 1000 ? Number(text) : 0;
}

function json(
  res: ServerResponse,
  status: number,
  code: string,
  error: string,
  extra: Record<string, string> = {},
  fields: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error, code, ...fields });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': API_CSP,
    'x-frame-options': FRAME_OPTIONS,
    ...extra,
  });
  res.end(body);
}

/**
 * `GET|HEAD /api/d/{slug}` → 302 to the file on the drive, served straight from node:http before
 * Express (Express costs ~100 µs a request, the bare 302 ~13 µs). On a cache hit nothing is
 * awaited: expiry is compared with the cached expiry, the download is counted in memory and
 * delivered to the link service later in batches. Returns false for every other request.
 */
export function downloadRedirect(deps: DownloadRedirectDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache, counter, limiter, clientAddress, drive, logger } = deps;
  // Request ids of redirects: unique per process start, without a UUID per request.
  const idPrefix = `${randomUUID().slice(0, 8)}-d`;
  let seq = 0;

  function tooMany(res: ServerResponse, wait: number): void {
    json(res, 429, 'too_many_not_found', 'Too many unknown links, slow down', { 'retry-after': String(wait) });
  }

  function noSuchFile(res: ServerResponse): void {
    json(res, 404, 'no_such_file', 'This transfer has no such file');
  }

  /**
   * A transfer's file n (`/api/d/{slug}/{n}`): the same 302 to the drive as a single file, counted
   * for the transfer and for that file. A transfer without a file number has no one file to give:
   * its download page lists them.
   */
  function answerFile(req: IncomingMessage, res: ServerResponse, code: string, entry: CachedLink, file: number): void {
    const files = entry.files;
    if (!files || file > files.length) {
      noSuchFile(res);
      return;
    }
    if (file === 0) {
      res.writeHead(302, { location: `/r/${code}`, 'cache-control': 'no-store', 'content-length': '0' }).end();
      return;
    }
    if (deps.guarded && isGuarded(entry)) {
      claimThenAnswer(req, res, code, deps.guarded, file);
      return;
    }
    const target = files[file - 1]!;
    redirectTo(req, res, code, driveDownloadUrl(drive, target.driveFileId, target.sizeBytes), `${entry.slug}/${file}`);
  }

  /** The 302 to the drive, counted under `countKey` (a slug, or `{slug}/{n}` for a transfer's file). */
  function redirectTo(
    req: IncomingMessage,
    res: ServerResponse,
    code: string,
    location: string | undefined,
    countKey: string,
  ): void {
    if (!location) {
      logger.error({ slug: code }, 'stored drive file id is not a drive id: no redirect');
      json(res, 502, 'bad_link_target', 'This link cannot be served');
      return;
    }
    // Flat header list: the cheapest form for writeHead on this hot path.
    const headers = [
      'location',
      location,
      'cache-control',
      'no-store',
      'referrer-policy',
      'no-referrer',
      'x-request-id',
      `${idPrefix}${++seq}`,
      'content-length',
      '0',
    ];
    if (deps.isDraining()) headers.push('connection', 'close');
    if (req.method !== 'GET') {
      res.writeHead(302, headers);
      res.end();
      return;
    }
    // Counted (durably, when Redis is there) before the 302 leaves: a crash after it loses no count.
    void counter.add(countKey, downloadOnceKey(req, clientAddress, countKey)).then(() => {
      res.writeHead(302, headers);
      res.end();
      deps.metrics?.redirected();
    });
  }

  function answer(req: IncomingMessage, res: ServerResponse, code: string, entry: CacheEntry, file: number): void {
    if (!entry.found) {
      // Only misses consult the (possibly shared) budget; miss() never rejects.
      void limiter
        .miss(clientAddress(req))
        .then((wait) => (wait > 0 ? tooMany(res, wait) : json(res, 404, 'not_found', 'This link does not exist')));
      return;
    }
    const goneWhy = goneReasonOf(entry);
    if (goneWhy) {
      gone(res, goneWhy);
      return;
    }
    if (file !== 0 || entry.files !== undefined) {
      answerFile(req, res, code, entry, file);
      return;
    }
    if (deps.guarded && isGuarded(entry)) {
      claimThenAnswer(req, res, code, deps.guarded, 0);
      return;
    }
    redirectTo(req, res, code, driveDownloadUrl(drive, entry.driveFileId, entry.sizeBytes), entry.slug);
  }

  /**
   * A link-service call that failed: 503 with Retry-After while the service is down, whatever kind
   * the link is (a miss, a password, a limit); otherwise its status as status-map.ts maps it.
   */
  function failed(res: ServerResponse, code: string, err: unknown, what: string): void {
    if (isLinkServiceFailure(err)) {
      logger.warn({ slug: code, grpcCode: (err as Partial<ServiceError>).code }, `${what}: link service unavailable`);
      const { httpStatus, body, retryAfterS } = OUTAGE_ANSWER;
      json(res, httpStatus, body.code, body.error, { 'retry-after': String(retryAfterS) });
    } else if (isGrpcCallError(err)) {
      const { httpStatus, body } = grpcErrorToHttp(err);
      if (httpStatus >= 500) logger.warn({ slug: code, grpcCode: (err as ServiceError).code }, what);
      json(res, httpStatus, body.code, body.error);
    } else {
      logger.error({ err, slug: code }, what);
      json(res, 502, 'upstream_error', 'Upstream service failed');
    }
  }

  function gone(res: ServerResponse, reason: GoneReason): void {
    json(res, 410, 'gone', goneText(reason), {}, { reason });
  }

  function passwordRequired(res: ServerResponse): void {
    json(res, 401, 'password_required', 'This link is protected by a password. Open its download page to enter it.');
  }

  /** A download of a link with a password or a limit: counted by the link service before the drive URL is given out. */
  function claimThenAnswer(
    req: IncomingMessage,
    res: ServerResponse,
    code: string,
    guarded: GuardedDownloads,
    file: number,
  ): void {
    const subdomain = deps.rootHost === undefined ? '' : requestSubdomain(req, deps.rootHost);
    const requestId = `${idPrefix}${++seq}`;
    // HEAD never counts or uses a token: it answers what a GET without a token would (used up: 410).
    if (req.method === 'HEAD') {
      guarded.preview(code, subdomain, requestId).then(
        (preview) => {
          if (preview.kind === 'gone') gone(res, preview.reason);
          else if (preview.kind === 'password') passwordRequired(res);
          else res.writeHead(200, { 'cache-control': 'no-store', 'content-length': '0' }).end();
        },
        (err: unknown) => failed(res, code, err, 'claim preview failed'),
      );
      return;
    }
    guarded.claim(code, subdomain, unlockTokenOf(req.url ?? ''), requestId, file).then(
      (answer) => {
        if (answer.kind === 'password') passwordRequired(res);
        else if (answer.kind === 'gone') gone(res, answer.reason);
        else if (answer.kind === 'bad_target') json(res, 502, 'bad_link_target', 'This link cannot be served');
        else {
          const headers = ['location', answer.location, 'cache-control', 'no-store', 'referrer-policy', 'no-referrer'];
          headers.push('x-request-id', requestId, 'content-length', '0');
          if (deps.isDraining()) headers.push('connection', 'close');
          res.writeHead(302, headers);
          res.end();
        }
      },
      (err: unknown) => failed(res, code, err, 'claim failed'),
    );
  }

  return (req, res) => {
    const url = req.url;
    if (url === undefined || !url.startsWith(PREFIX)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(res, 405, 'method_not_allowed', 'Use GET', { allow: 'GET, HEAD' });
      return true;
    }
    const q = url.indexOf('?');
    let code = q === -1 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, q);
    // `/api/d/{slug}/{n}`: file n of a transfer.
    let file = 0;
    const slash = code.indexOf('/');
    if (slash !== -1) {
      file = fileNumber(code.slice(slash + 1));
      code = code.slice(0, slash);
      if (file === 0) {
        noSuchFile(res);
        return true;
      }
    }
    if (!isLinkCode(code)) {
      json(res, 400, 'invalid_slug', 'Not a valid link');
      return true;
    }
    // Memory only, and the address is worked out only while some client is blocked.
    const wait = limiter.anyBlocked() ? limiter.blockedFor(clientAddress(req)) : 0;
    if (wait > 0) {
      tooMany(res, wait);
      return true;
    }
    const subdomain = deps.rootHost === undefined ? '' : requestSubdomain(req, deps.rootHost);
    const key = cacheKey(code, subdomain);
    const hit = visibleOn(cache.peek(key), subdomain);
    if (hit) {
      deps.metrics?.cacheHit();
      answer(req, res, code, hit, file);
      return true;
    }
    deps.metrics?.cacheMiss();
    cache.get(key).then(
      (entry) => answer(req, res, code, visibleOn(entry, subdomain), file),
      // A miss while the link service is down (cached links are still served: see LinkCache).
      (err: unknown) => failed(res, code, err, 'resolve failed'),
    );
    return true;
  };
}
