import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { pino, type Logger } from 'pino';
import { IntrospectionVerifier, type IntrospectionConfig, type Principal, type TokenVerifier } from './auth.js';
import { CuttingStream, DEFAULT_REASONS, FaultInjector } from './faults.js';
import * as about from './handlers/about.js';
import * as admin from './handlers/admin.js';
import type { Deps } from './handlers/deps.js';
import * as files from './handlers/files.js';
import * as permissions from './handlers/permissions.js';
import * as publicDl from './handlers/public.js';
import * as thumbnails from './handlers/thumbnails.js';
import { ClientGone, uploadEntry } from './handlers/uploads.js';
import { answerPreflight, applyCors } from './http/cors.js';
import { sendError, type RequestContext } from './http/context.js';
import { DriveError, errors } from './http/errors.js';
import { DriveService } from './service.js';
import { BlobStore } from './store/blobs.js';
import { MetadataStore } from './store/metadata.js';
import { UploadSessions } from './store/sessions.js';
import { Thumbnails } from './thumbnails.js';
import { Views } from './views.js';

export const ONE_WEEK_MS = 7 * 24 * 3600 * 1000;

export interface DriveServerConfig {
  dataDir: string;
  /** Token check: RFC 7662 introspection at the identity provider, or any verifier (tests). */
  auth: IntrospectionConfig | TokenVerifier;
  /** Default per-user quota in bytes; null = unlimited. */
  quotaBytes: number | null;
  /** Public downloads larger than this show the virus-scan interstitial. */
  scanThresholdBytes: number;
  /** Enables /__admin/* (fault injection, quota override). */
  adminEnabled: boolean;
  /** Base URL for webViewLink/webContentLink; default = the request's own origin. */
  publicUrl?: string;
  resumableCreateStatus?: 200 | 201;
  uploadSessionTtlMs?: number;
  logger?: Logger;
}

export interface DriveServer {
  readonly server: Server;
  readonly faults: FaultInjector;
  /** `host`: default 127.0.0.1, this machine only. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

type Handler = (ctx: RequestContext, deps: Deps) => Promise<void>;
interface Route {
  methods: string[];
  pattern: RegExp;
  handler: Handler;
  admin?: boolean;
}

const FILE_ID = '(?<fileId>[^/]+)';
const UPLOAD_BASE = '(?:/upload|/resumable/upload)/drive/v3/files';
const ROUTES: Route[] = [
  { methods: ['GET'], pattern: /^\/drive\/v3\/about$/, handler: about.getAbout },
  { methods: ['GET'], pattern: /^\/drive\/v3\/files\/generateIds$/, handler: files.generateIds },
  { methods: ['DELETE'], pattern: /^\/drive\/v3\/files\/trash$/, handler: files.emptyTrash },
  { methods: ['GET'], pattern: /^\/drive\/v3\/files$/, handler: files.listFiles },
  { methods: ['POST'], pattern: /^\/drive\/v3\/files$/, handler: files.createFile },
  { methods: ['GET', 'HEAD'], pattern: new RegExp(`^/drive/v3/files/${FILE_ID}$`), handler: files.getFile },
  { methods: ['PATCH'], pattern: new RegExp(`^/drive/v3/files/${FILE_ID}$`), handler: files.updateFile },
  { methods: ['DELETE'], pattern: new RegExp(`^/drive/v3/files/${FILE_ID}$`), handler: files.deleteFile },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/drive/v3/files/${FILE_ID}/permissions$`),
    handler: permissions.createPermission,
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/drive/v3/files/${FILE_ID}/permissions$`),
    handler: permissions.listPermissions,
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/drive/v3/files/${FILE_ID}/permissions/(?<permissionId>[^/]+)$`),
    handler: permissions.getPermission,
  },
  {
    methods: ['DELETE'],
    pattern: new RegExp(`^/drive/v3/files/${FILE_ID}/permissions/(?<permissionId>[^/]+)$`),
    handler: permissions.deletePermission,
  },
  { methods: ['POST', 'PUT', 'DELETE'], pattern: new RegExp(`^${UPLOAD_BASE}$`), handler: uploadEntry },
  {
    methods: ['PATCH', 'PUT', 'POST', 'DELETE'],
    pattern: new RegExp(`^${UPLOAD_BASE}/${FILE_ID}$`),
    handler: uploadEntry,
  },
  { methods: ['GET', 'HEAD'], pattern: /^\/uc$/, handler: publicDl.publicDownload },
  { methods: ['GET', 'HEAD'], pattern: /^\/download$/, handler: publicDl.publicDownload },
  { methods: ['GET'], pattern: new RegExp(`^/file/d/${FILE_ID}/view$`), handler: publicDl.publicView },
  { methods: ['GET', 'POST', 'DELETE'], pattern: /^\/__admin\/faults$/, handler: admin.faults, admin: true },
  { methods: ['POST'], pattern: /^\/__admin\/quota$/, handler: admin.quota, admin: true },
  { methods: ['POST'], pattern: /^\/__admin\/uploads\/age$/, handler: admin.ageUpload, admin: true },
  { methods: ['GET'], pattern: /^\/__admin\/memory$/, handler: admin.memory, admin: true },
  { methods: ['GET', 'DELETE'], pattern: /^\/__admin\/bytes-served$/, handler: admin.bytesServed, admin: true },
  { methods: ['GET', 'HEAD'], pattern: /^\/thumbnails\/(?<token>[^/]+)$/, handler: thumbnails.getThumbnail },
];

function requestOrigin(req: IncomingMessage): string {
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() ?? 'http';
  const host =
    (req.headers['x-forwarded-host'] as string | undefined)?.split(',')[0]?.trim() ?? req.headers.host ?? 'localhost';
  return `${proto}://${host}`;
}

function bearerToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  const h = req.headers.authorization;
  if (h) {
    const m = /^Bearer\s+(\S+)$/i.exec(h);
    return m?.[1];
  }
  return query.get('access_token') ?? query.get('oauth_token') ?? undefined;
}

export function createDriveServer(config: DriveServerConfig): DriveServer {
  const log = config.logger ?? pino({ name: 'dev-drive' });
  const verifier: TokenVerifier = 'verify' in config.auth ? config.auth : new IntrospectionVerifier(config.auth, log);
  const meta = new MetadataStore(config.dataDir);
  const blobs = new BlobStore(config.dataDir);
  const sessions = new UploadSessions(config.dataDir, config.uploadSessionTtlMs ?? ONE_WEEK_MS);
  const faults = new FaultInjector();
  const thumbs = new Thumbnails();
  const deps: Deps = {
    service: new DriveService(meta, blobs, { quotaBytes: config.quotaBytes }),
    views: new Views((origin) => config.publicUrl?.replace(/\/$/, '') ?? origin, thumbs),
    thumbnails: thumbs,
    bytesServed: new Map(),
    sessions,
    faults,
    log,
    scanThresholdBytes: config.scanThresholdBytes,
    resumableCreateStatus: config.resumableCreateStatus ?? 200,
  };
  const sweeper = setInterval(() => void sessions.sweep(), 3600_000);
  sweeper.unref();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      answerPreflight(req, res);
      return;
    }
    applyCors(req, res);
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const candidates = ROUTES.filter((r) => r.pattern.test(url.pathname) && (!r.admin || config.adminEnabled));
    if (candidates.length === 0) throw errors.routeNotFound(url.pathname);
    const route = candidates.find((r) => r.methods.includes(method));
    if (!route) throw errors.methodNotAllowed();
    const params = { ...(route.pattern.exec(url.pathname)?.groups ?? {}) };
    for (const k of Object.keys(params)) params[k] = decodeURIComponent(params[k]!);

    let body: RequestContext['body'] = req;
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const fault = route.admin ? undefined : faults.take(method, url.pathname, hasBody);
    if (fault) {
      log.info({ method, path: url.pathname, fault }, 'injecting fault');
      if (fault.latencyMs) await delay(fault.latencyMs);
      if (fault.cutAfterBytes !== undefined) {
        const cutter: CuttingStream = new CuttingStream(fault.cutAfterBytes, () => {
          req.socket?.destroy();
          cutter.destroy(new Error('connection cut by fault injection'));
        });
        body = pipeline(req, cutter, () => undefined);
        if (fault.cutAfterBytes === 0) req.socket.destroy();
      } else if (fault.status) {
        const reason = fault.reason ?? DEFAULT_REASONS[fault.status] ?? 'backendError';
        throw new DriveError(fault.status, reason, fault.message ?? `Injected fault: ${reason}`);
      }
    }

    let principal: Promise<Principal> | undefined;
    const query = url.searchParams;
    const ctx: RequestContext = {
      req,
      res,
      url,
      query,
      params,
      body,
      origin: requestOrigin(req),
      principal: () =>
        (principal ??= (async () => {
          const token = bearerToken(req, query);
          if (!token) throw errors.loginRequired();
          return verifier.verify(token);
        })()),
    };
    await route.handler(ctx, deps);
  }

  const server = createServer((req, res) => {
    if (log.isLevelEnabled('debug')) {
      const started = performance.now();
      // Path only: query strings may carry access_token.
      res.once('finish', () =>
        log.debug(
          {
            method: req.method,
            path: req.url?.split('?')[0],
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        ),
      );
    }
    handle(req, res).catch((err: unknown) => {
      if (err instanceof ClientGone || req.socket?.destroyed) return;
      if (err instanceof DriveError) {
        sendError(req, res, err);
        return;
      }
      log.error({ err, method: req.method, url: req.url?.split('?')[0] }, 'unhandled error');
      sendError(req, res, new DriveError(500, 'backendError', 'Backend Error'));
    });
  });
  // Large uploads may legitimately take long.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  return {
    server,
    faults,
    listen(port: number, host = '127.0.0.1'): Promise<string> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const addr = server.address() as AddressInfo;
          const url = `http://${host && host !== '0.0.0.0' ? host : '127.0.0.1'}:${addr.port}`;
          log.info({ url }, 'dev-drive listening');
          resolve(url);
        });
      });
    },
    async close(): Promise<void> {
      clearInterval(sweeper);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await meta.flush();
    },
  };
}
