import { BillingServiceClient } from '@ferry/contracts/billing/v1';
import { NotificationServiceClient } from '@ferry/contracts/notification/v1';
import {
  callerAssertionOptions,
  createCallerSigner,
  createGrpcClient,
  createLogger,
  createMetricsRegistry,
  onShutdownSignals,
  runMain,
  startMetricsServer,
} from '@ferry/service-kit';
import { redact } from '@ferry/db';
import { DEFAULT_LINK_LIFETIME_S, DEFAULT_SWEEP_INTERVAL_S, loadConfig } from './config.js';
import { openDatabase } from './db.js';
import { driveFileVerifier, driveTransferVerifier } from './drive/verify-file.js';
import { localInvalidations, redisInvalidations } from './invalidations.js';
import { registerLinkMetrics } from './metrics.js';
import { startLinkServer } from './server.js';
import { accessTokenSource } from './grants/access-token.js';
import { OfflineGrants } from './grants/offline-grants.js';
import { oidcTokenEndpoint } from './grants/token-endpoint.js';
import { driveCleanup } from './sweeper/drive-cleanup.js';
import { driveMedia } from './preview/drive-media.js';
import { memoryPreviewCache, redisPreviewCache } from './preview/preview-cache.js';
import { createLinkClock } from './clock.js';

runMain('link', async () => {
  const config = loadConfig();
  const logger = createLogger('link', config.LOG_LEVEL);
  const db = await openDatabase(config.LINK_DATABASE_URL);
  logger.info(
    { database: redact(config.LINK_DATABASE_URL), redis: config.REDIS_URL ? 'configured' : 'none (in-process)' },
    'database ready',
  );
  const invalidations = config.REDIS_URL ? await redisInvalidations(config.REDIS_URL, logger) : localInvalidations();
  const signer = createCallerSigner({ issuer: 'link', privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const notification = createGrpcClient(
    NotificationServiceClient,
    config.NOTIFICATION_ADDR,
    callerAssertionOptions(signer, NotificationServiceClient.serviceName),
  );
  const billing = createGrpcClient(
    BillingServiceClient,
    config.BILLING_ADDR,
    callerAssertionOptions(signer, BillingServiceClient.serviceName),
  );
  const grants = new OfflineGrants(db.prisma, config.TOKEN_ENCRYPTION_KEYS);
  const tokenEndpoint = oidcTokenEndpoint({
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
  });
  const accessTokens = accessTokenSource({ prisma: db.prisma, grants, tokenEndpoint, logger });
  const server = await startLinkServer({
    port: config.LINK_PORT,
    host: config.LINK_HOST,
    gatewayPublicKey: config.GATEWAY_ASSERTION_PUBLIC_KEY,
    prisma: db.prisma,
    logger,
    verifyFile: driveFileVerifier(config.DRIVE_ROOT_URL),
    verifyTransfer: driveTransferVerifier(config.DRIVE_ROOT_URL),
    notification,
    invalidations,
    offlineGrants: { grants, tokenEndpoint, accessTokens },
    preview: {
      drive: driveMedia(config.DRIVE_ROOT_URL),
      tokens: accessTokens.accessTokenFor,
      cache: config.REDIS_URL ? await redisPreviewCache(config.REDIS_URL, logger) : memoryPreviewCache(),
    },
    ...(config.LINK_LIFETIME_S !== undefined ? { linkLifetimeMs: config.LINK_LIFETIME_S * 1000 } : {}),
    accountDeletion: {
      drive: driveCleanup(config.DRIVE_ROOT_URL),
      tokens: accessTokens.accessTokenFor,
      grants,
      tokenEndpoint,
      forgetAccessToken: accessTokens.forget,
      billing,
      notification,
    },
    testClock:
      config.LINK_TEST_CLOCK === '1' && config.TEST_CALLER_ASSERTION_PUBLIC_KEY
        ? { clock: createLinkClock(), callerPublicKey: config.TEST_CALLER_ASSERTION_PUBLIC_KEY }
        : undefined,
    sweeper: {
      drive: driveCleanup(config.DRIVE_ROOT_URL),
      tokens: accessTokens.accessTokenFor,
      intervalMs: (config.LINK_SWEEP_INTERVAL_S ?? DEFAULT_SWEEP_INTERVAL_S) * 1000,
    },
  });
  if (config.LINK_LIFETIME_S !== undefined && config.LINK_LIFETIME_S !== DEFAULT_LINK_LIFETIME_S) {
    logger.warn(
      { lifetimeSeconds: config.LINK_LIFETIME_S, defaultSeconds: DEFAULT_LINK_LIFETIME_S },
      'LINK_LIFETIME_S: new links live shorter than the default',
    );
  }
  if (config.LINK_TEST_CLOCK === '1')
    logger.warn('LINK_TEST_CLOCK=1: the test clock is served to the test principal (test stacks only)');
  const registry = createMetricsRegistry('link');
  registerLinkMetrics(registry, db.prisma, logger);
  const metrics =
    config.LINK_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({ registry, port: config.LINK_METRICS_PORT, host: config.LINK_HOST, logger });
  logger.info(
    {
      host: config.LINK_HOST,
      port: server.port,
      metricsPort: metrics?.port ?? null,
      drive: config.DRIVE_ROOT_URL,
      notification: config.NOTIFICATION_ADDR,
    },
    'link service listening',
  );
  onShutdownSignals(logger, [
    () => server.shutdown(),
    async () => notification.close(),
    async () => billing.close(),
    async () => metrics?.close(),
    () => db.close(),
  ]);
});
