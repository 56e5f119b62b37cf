import http from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { backoffDelay, MULTI_FILE_THRESHOLD_BYTES } from '@ferry/rules';
import { createCallerSigner, createMetricsRegistry, startMetricsServer, type MetricsServer } from '@ferry/service-kit';
import { createApp } from './app.js';
import { OidcProvider } from './auth/oidc.js';
import { linkOfflineGrants } from './auth/offline-grant.js';
import { MemoryTokenCache, RedisTokenCache, type TokenCache } from './auth/token-cache.js';
import { audienceCheck } from './auth/token-audience.js';
import { createTokenVerifier, userinfoLookup } from './auth/token-verifier.js';
import { linkCutoffRecords, sessionCutoffs, withSessionCutoffs } from './auth/session-cutoffs.js';
import { handoverCodes } from './auth/handover.js';
import { requireAuth } from './auth/require-auth.js';
import { acceptedClientIds, type GatewayConfig } from './config.js';
import { createAccessGate } from './billing/access-gate.js';
import { createBackends, type Backends } from './grpc/backends.js';
import { createHealthChecker } from './grpc/health-checker.js';
import { accessLogPolicy } from './http/access-log.js';
import { closeHttpServer } from './http/close-server.js';
import { clientAddress } from './http/client-address.js';
import { createGatewayMetrics } from './http/metrics.js';
import { observeRequests } from './http/request-observer.js';
import { startLinkFeatures, type LinkFeatures } from './links/features.js';
import { publicLinksOf } from './links/public-links.js';
import { pageViewDepsOf, publicAnalyticsOf } from './analytics/page-view-setup.js';
import { DEFAULT_FEEDBACK_LIMITS, FeedbackLimits } from './feedback/feedback-limits.js';
import { abuseDepsOf } from './admin/abuse-setup.js';

/** A health check may take this long per backend before it counts as UNREACHABLE. */
export const HEALTH_TIMEOUT_MS = 1_000;
/** Health results are reused this long, so probes and dashboards cannot flood the backends. */
export const HEALTH_CACHE_MS = 1_000;
/** Requests in flight get this long to finish on shutdown before connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningGateway {
  port: number;
  /** GET /metrics (GATEWAY_METRICS_PORT), absent when not configured. */
  metricsPort?: number;
  app: Express;
  server: http.Server;
  backends: Backends;
  /** Drain: health answers 503, stop accepting, wait for requests in flight (≤ graceMs), close channels. */
  stop(graceMs?: number): Promise<void>;
}

/** Wires clients, app and HTTP server from a parsed config and starts listening. */
export async function startGateway(config: GatewayConfig, logger: Logger): Promise<RunningGateway> {
  const backends = createBackends(
    { link: config.LINK_ADDR, notification: config.NOTIFICATION_ADDR, billing: config.BILLING_ADDR },
    createCallerSigner({ issuer: 'gateway', privateKey: config.CALLER_ASSERTION_PRIVATE_KEY }),
  );
  const health = createHealthChecker(backends.probes(HEALTH_TIMEOUT_MS), { cacheMs: HEALTH_CACHE_MS });
  const oidc = new OidcProvider({
    provider: config.OIDC_PROVIDER,
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  let redis: ReturnType<typeof createClient> | undefined;
  let tokenCache: TokenCache = new MemoryTokenCache();
  if (config.REDIS_URL) {
    redis = createClient({
      url: config.REDIS_URL,
      socket: { connectTimeout: 2_000, reconnectStrategy: (n) => backoffDelay(n, { baseMs: 250, maxMs: 5_000 }) },
    });
    redis.on('error', (err: Error) => logger.warn({ error: err.message }, 'redis error'));
    // Not awaited: until Redis is ready every token is verified with the provider instead.
    redis.connect().catch((err: Error) => logger.warn({ error: err.message }, 'redis connect failed'));
    tokenCache = new RedisTokenCache(redis, logger);
  }
  const verifiedTokens = createTokenVerifier({
    lookup: userinfoLookup(() => oidc.userinfoEndpoint()),
    // Only tokens issued to Ferry: another app's token for the same user reads nothing here.
    audience: audienceCheck((token) => oidc.tokenInfo(token), acceptedClientIds(config)),
    cache: tokenCache,
  });
  // A deleted account's sessions stop everywhere (DELETE /api/me): every route's gate reads the cut-offs,
  // which the link service stores (Redis, when configured, caches them for every replica).
  const cutoffs = sessionCutoffs({
    records: linkCutoffRecords(backends.link.client, config.GRPC_DEADLINE_MS),
    redis,
    logger,
  });
  const verifier = withSessionCutoffs(verifiedTokens, cutoffs);
  let draining = false;
  const registry = createMetricsRegistry('gateway');
  const metrics = createGatewayMetrics(registry);
  const accessLog = accessLogPolicy(config);
  const links: LinkFeatures | undefined = startLinkFeatures(config, backends, redis, logger, () => draining, metrics);
  const access = createAccessGate({
    billing: backends.billing.client,
    grpcDeadlineMs: config.GRPC_DEADLINE_MS,
    logger,
  });
  const app = createApp({
    logger,
    health,
    backends,
    grpcDeadlineMs: config.GRPC_DEADLINE_MS,
    trustProxy: clientAddress(config.TRUSTED_PROXIES ?? []).trust,
    isDraining: () => draining,
    accessLog,
    auth: {
      oidc,
      verifier,
      grants: linkOfflineGrants(backends.link.client, config.GRPC_DEADLINE_MS),
      cutoffs,
      meVerifier: withSessionCutoffs(verifiedTokens, cutoffs, { watching: true }),
      // A callback on one replica, its redemption on another: the codes live where the replicas meet.
      handover: handoverCodes({ redis, logger }),
    },
    myData: {
      link: backends.link.client,
      notification: backends.notification.client,
      billing: backends.billing.client,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      authenticateSignedOut: requireAuth(
        withSessionCutoffs(verifiedTokens, cutoffs, { watching: true, cutOffOthers: false }),
      ),
      cutoffs,
      verifier,
      publicOrigin: config.PUBLIC_ORIGIN,
    },
    links: links && { ...links.routeDeps, requireAccess: access.requireAccess },
    previews: links && {
      preview: backends.linkPreview,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      limiter: links.routeDeps.limiter,
      clientAddress: links.routeDeps.clientAddress,
      publicLinks: links.routeDeps.publicLinks,
    },
    shareEmail: {
      notification: backends.notification.client,
      link: backends.link.client,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      publicOrigin: config.PUBLIC_ORIGIN,
      publicLinks: publicLinksOf(config),
      actions: links?.routeDeps.actions,
    },
    billing: {
      billing: backends.billing.client,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      publicOrigin: config.PUBLIC_ORIGIN,
      testClock: config.BILLING_TEST_CLOCK === 'on',
      access,
    },
    publicConfig: {
      driveRootUrl: config.DRIVE_ROOT_URL ?? 'https://www.googleapis.com',
      uploadFolderThresholdBytes: config.UPLOAD_FOLDER_THRESHOLD_BYTES ?? MULTI_FILE_THRESHOLD_BYTES,
      ...publicAnalyticsOf(config),
    },
    feedback: {
      notification: backends.notification.client,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      limits: new FeedbackLimits(
        {
          perClientPerHour: config.FEEDBACK_LIMIT_PER_CLIENT_PER_HOUR ?? DEFAULT_FEEDBACK_LIMITS.perClientPerHour,
          globalPerHour: config.FEEDBACK_LIMIT_GLOBAL_PER_HOUR ?? DEFAULT_FEEDBACK_LIMITS.globalPerHour,
        },
        { redis, logger },
      ),
    },
    pageViews: pageViewDepsOf(config, redis, logger),
    abuse: abuseDepsOf(config, backends, redis, logger),
    csp: {
      scriptOrigins: config.CSP_SCRIPT_ORIGINS,
      connectOrigins: config.CSP_CONNECT_ORIGINS,
      // Profile pictures: Google serves them from googleusercontent.com, the stand-in from its issuer.
      imageOrigins:
        config.OIDC_PROVIDER === 'google' ? ['https://*.googleusercontent.com'] : [new URL(config.OIDC_ISSUER).origin],
    },
    web: {
      shellDir: config.WEB_SHELL_DIR,
      remotes: config.WEB_REMOTES,
      remotesManifestFile: config.WEB_REMOTES_MANIFEST,
      shellUrl: config.WEB_SHELL_URL,
      remoteUrls: config.WEB_REMOTE_URLS,
    },
  });

  // GET /api/d/{slug} is answered by node:http directly; everything else goes to Express.
  const redirect = links?.redirect;
  const server = http.createServer(
    observeRequests(redirect ? (req, res) => void (redirect(req, res) || app(req, res)) : app, {
      metrics,
      logger,
      accessLog,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.GATEWAY_PORT, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const metricsServer: MetricsServer | undefined =
    config.GATEWAY_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({
          registry,
          port: config.GATEWAY_METRICS_PORT,
          host: config.GATEWAY_METRICS_HOST,
          logger,
        });

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = SHUTDOWN_GRACE_MS): Promise<void> => {
    stopping ??= (async () => {
      draining = true;
      logger.info({ graceMs }, 'gateway draining');
      const drained = await closeHttpServer(server, graceMs);
      if (!drained) logger.warn({ graceMs }, 'grace period over: open connections were cut');
      // Counted downloads are delivered before the channels close.
      await links?.stop();
      backends.close();
      await metricsServer?.close();
      if (redis?.isOpen) await redis.close().catch(() => undefined);
      logger.info('gateway stopped');
    })();
    return stopping;
  };

  return { port, metricsPort: metricsServer?.port, app, server, backends, stop };
}
