import type * as grpc from '@grpc/grpc-js';
import type { NotificationServiceClient, RecordCleanupNeededRequest } from '@ferry/contracts/notification/v1';
import { claimDueRows, startLeasedLoop, unaryCall, type LeasedLoop, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import {
  RELAY_LEASE_MS,
  relayQueueLease,
  relayRetryDelay,
  relayTimings,
  type RelayTimings,
} from '../outbox/relay-queue.js';

export interface NoticeRelayOptions extends RelayTimings {
  prisma: PrismaClient;
  notification: Pick<NotificationServiceClient, 'recordCleanupNeeded'>;
  logger: Logger;
}

/** runOnce() resolves with how many notices notification acknowledged. */
export type NoticeRelay = LeasedLoop;

const DUE_NOTICES = relayQueueLease(
  'cleanup_notices',
  'owner_sub',
  'owner_sub AS "ownerSub", owner_email AS "ownerEmail", locale, created_at AS "createdAt", attempts',
);

interface Row {
  ownerSub: string;
  ownerEmail: string;
  locale: string;
  createdAt: Date;
  attempts: number;
}

/** One mail per notice row: its key names the owner and the notice's creation (the episode). */
export function cleanupNoticeKey(row: Pick<Row, 'ownerSub' | 'createdAt'>): string {
  return `cleanup-needed/${row.ownerSub}/${row.createdAt.getTime()}`;
}

/**
 * At-least-once relay of cleanup_notices to NotificationService.RecordCleanupNeeded (which mails
 * the owner once per key). Rows are leased with FOR UPDATE SKIP LOCKED; a failed call keeps the row
 * and backs off, as the first-download relay does.
 */
export function startNoticeRelay(opts: NoticeRelayOptions): NoticeRelay {
  const { prisma, notification, logger } = opts;
  const timings = relayTimings(opts, 5_000);
  const { now } = timings;

  const send = (request: RecordCleanupNeededRequest) =>
    unaryCall((md, options, cb) => notification.recordCleanupNeeded(request, md, options, cb), {
      deadlineMs: timings.deadlineMs,
    });

  async function pass(stopping: AbortSignal): Promise<number> {
    let sent = 0;
    while (!stopping.aborted) {
      const due = await claimDueRows<Row>(prisma, DUE_NOTICES, now(), RELAY_LEASE_MS);
      if (due.length === 0) break;
      for (const row of due) {
        try {
          await send({ idempotencyKey: cleanupNoticeKey(row), ownerEmail: row.ownerEmail, locale: row.locale });
          await prisma.cleanupNotice.update({
            where: { ownerSub: row.ownerSub },
            data: { relayedAt: now(), attempts: { increment: 1 } },
          });
          sent++;
        } catch (err) {
          const e = err as grpc.ServiceError;
          const attempts = row.attempts + 1;
          const delay = relayRetryDelay(timings, attempts);
          await prisma.cleanupNotice.update({
            where: { ownerSub: row.ownerSub },
            data: { attempts, nextAttemptAt: new Date(now().getTime() + delay) },
          });
          logger.warn({ attempts, retryInMs: delay, code: e.code }, 'cleanup notice relay failed, kept pending');
        }
      }
      if (sent === 0) break;
    }
    return sent;
  }

  return startLeasedLoop({ name: 'cleanup notice', intervalMs: timings.intervalMs, logger, pass });
}
