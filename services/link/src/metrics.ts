import {
  Gauge,
  METRIC_PREFIX,
  readOrSkip,
  registerOutboxMetrics,
  type Logger,
  type Registry,
} from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import { WAITING_FOR_GRANT } from './sweeper/sweeper.js';

/** Rows the sweeper owes work, apart from those waiting for their owner to grant access again. */
const notWaitingForGrant = { OR: [{ sweepError: null }, { sweepError: { not: WAITING_FOR_GRANT } }] };

/**
 * The link service's gauges, read from its database at scrape time: the first-download and
 * cleanup-notice outboxes (depth, oldest age) and the sweeper's lag (how long the oldest expired or
 * deleted link has waited for its file to be cleaned up).
 */
export function registerLinkMetrics(registry: Registry, prisma: PrismaClient, logger: Logger, now = Date.now): void {
  registerOutboxMetrics(
    registry,
    async () => {
      const [events, notices] = await Promise.all([
        prisma.firstDownloadOutbox.aggregate({
          where: { relayedAt: null },
          _count: { _all: true },
          _min: { createdAt: true },
        }),
        prisma.cleanupNotice.aggregate({
          where: { relayedAt: null },
          _count: { _all: true },
          _min: { createdAt: true },
        }),
      ]);
      return [
        { outbox: 'first_download', depth: events._count._all, oldestCreatedAt: events._min.createdAt },
        { outbox: 'cleanup_notice', depth: notices._count._all, oldestCreatedAt: notices._min.createdAt },
      ];
    },
    logger,
    now,
  );
  new Gauge({
    name: `${METRIC_PREFIX}sweeper_lag_seconds`,
    help: 'How long the oldest expired or deleted link has waited for the sweeper (0 when none waits; links waiting for their owner to sign in again are left out)',
    registers: [registry],
    async collect() {
      const at = new Date(now());
      const oldest = await readOrSkip(
        async () => {
          const [expired, deleted] = await Promise.all([
            prisma.link.aggregate({
              where: { removedAt: null, expiresAt: { lte: at }, ...notWaitingForGrant },
              _min: { expiresAt: true },
            }),
            prisma.link.aggregate({
              where: { removedAt: null, deletedAt: { not: null }, ...notWaitingForGrant },
              _min: { deletedAt: true },
            }),
          ]);
          const times = [expired._min.expiresAt, deleted._min.deletedAt].filter((d): d is Date => d !== null);
          return times.length === 0 ? null : Math.min(...times.map((d) => d.getTime()));
        },
        logger,
        'sweeper lag',
      );
      if (oldest !== undefined) this.set(oldest === null ? 0 : Math.max(0, (at.getTime() - oldest) / 1000));
    },
  });
}
