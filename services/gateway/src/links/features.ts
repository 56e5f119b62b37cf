import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { createClient } from 'redis';
import type { GatewayConfig } from '../config.js';
import type { Backends } from '../grpc/backends.js';
import { clientAddress } from '../http/client-address.js';
import type { GatewayMetrics } from '../http/metrics.js';
import type { LinkRouteDeps } from '../routes/links.js';
import { BatchResolver } from './batch-resolver.js';
import { DownloadCounter } from './download-counter.js';
import { fileCountBuffer } from './file-count-buffer.js';
import type { DriveDownloadOptions } from './drive-url.js';
import { watchInvalidations } from './invalidation-watch.js';
import { LinkCache } from './link-cache.js';
import { guardedDownloads } from './guarded-download.js';
import { NotFoundLimiter } from './not-found-limiter.js';
import { PasswordLimits } from './password-limits.js';
import { actionSigner } from '@ferry/service-kit';
import { publicLinksOf } from './public-links.js';
import { downloadRedirect } from './redirect.js';
import { redisLinkCache } from './redis-cache.js';
import { redisCountBuffer } from './redis-count-buffer.js';

/** Drive's virus-scan page appears above about 100 MB (notes/drive-api.md). */
const DEFAULT_SCAN_THRESHOLD = 100 * 1024 * 1024;

export interface LinkFeatures {
  routeDeps: Omit<LinkRouteDeps, 'authenticate'>;
  redirect: (req: IncomingMessage, res: ServerResponse) => boolean;
  cache: LinkCache;
  counter: DownloadCounter;
  stop(): Promise<void>;
}

/** The resolve cache, its invalidation stream, the download counter and the /api/d fast path. */
export function startLinkFeatures(
  config: GatewayConfig,
  backends: Backends,
  redis: ReturnType<typeof createClient> | undefined,
  logger: Logger,
  isDraining: () => boolean,
  metrics?: GatewayMetrics,
): LinkFeatures | undefined {
  if (!config.DRIVE_DOWNLOAD_ORIGIN) {
    logger.warn('DRIVE_DOWNLOAD_ORIGIN is not set: short links and /api/d are not served');
    return undefined;
  }
  const client = backends.link.client;
  const drive: DriveDownloadOptions = {
    downloadOrigin: config.DRIVE_DOWNLOAD_ORIGIN,
    directOrigin: config.DRIVE_DIRECT_DOWNLOAD_ORIGIN ?? config.DRIVE_DOWNLOAD_ORIGIN,
    scanThresholdBytes: config.DRIVE_SCAN_THRESHOLD_BYTES ?? DEFAULT_SCAN_THRESHOLD,
  };
  const publicLinks = publicLinksOf(config);
  const resolver = new BatchResolver({ client, deadlineMs: config.GRPC_DEADLINE_MS });
  const cache = new LinkCache({
    resolve: (code) => resolver.resolve(code),
    shared: redis ? redisLinkCache(redis) : undefined,
  });
  const watch = watchInvalidations(client, cache, logger);
  // Counts wait durably until the link service took them: Redis, else the data dir's file.
  const buffer = redis
    ? redisCountBuffer(redis)
    : config.DOWNLOAD_BUFFER_FILE
      ? fileCountBuffer(config.DOWNLOAD_BUFFER_FILE)
      : undefined;
  if (!buffer) logger.warn('neither REDIS_URL nor DOWNLOAD_BUFFER_FILE is set: download counts wait in memory only');
  const counter = new DownloadCounter({ client, logger, buffer });
  metrics?.watchDownloadBacklog(() => ({
    downloads: counter.unacknowledged,
    batches: counter.unacknowledgedBatches,
    repeats: counter.repeats,
  }));
  const limiter = new NotFoundLimiter({ redis, logger });
  const clientOf = clientAddress(config.TRUSTED_PROXIES ?? []).of;
  const guarded = guardedDownloads({ link: client, deadlineMs: config.GRPC_DEADLINE_MS, drive });
  const actions = config.ACTION_SIGNING_KEY ? actionSigner(config.ACTION_SIGNING_KEY) : undefined;
  if (!actions) logger.warn('ACTION_SIGNING_KEY is not set: "ask for more time" and the mails\' "+1 day" are off');
  logger.info(
    { drive, sharedCache: redis ? 'redis' : 'in-process', notFoundBudget: redis ? 'redis' : 'in-process' },
    'short links enabled',
  );
  return {
    routeDeps: {
      link: client,
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      cache,
      counter,
      limiter,
      clientAddress: clientOf,
      drive,
      publicOrigin: config.PUBLIC_ORIGIN,
      publicLinks,
      guarded,
      passwordLimits: new PasswordLimits({ redis, logger }),
      actions,
      notification: backends.notification.client,
    },
    redirect: downloadRedirect({
      cache,
      counter,
      limiter,
      clientAddress: clientOf,
      drive,
      logger,
      isDraining,
      metrics,
      rootHost: publicLinks.rootHost,
      guarded,
    }),
    cache,
    counter,
    async stop() {
      await counter.stop();
      watch.close();
      limiter.close();
    },
  };
}
