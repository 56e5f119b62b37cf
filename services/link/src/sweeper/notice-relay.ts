import * as grpc from '@grpc/grpc-js';
import { retryDelay } from '@ferry/rules';
import type { NotificationServiceClient, RecordCleanupNeededRequest } from '@ferry/contracts/notification/v1';
import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';

export interface NoticeRelayOptions {
  prisma: PrismaClient;
  notification: Pick<NotificationServiceClient, 'recordCleanupNeeded'>;
  logger: Logger;
  intervalMs?: number;
  deadlineMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
}

export interface NoticeRelay {
  poke(): void;
  /** One pass over due notices; resolves with how many notification acknowledged. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const LEASE_MS = 30_000;
const PAGE = 50;

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
  const intervalMs = opts.intervalMs ?? 5_000;
  const deadlineMs = opts.deadlineMs ?? 5_000;
  const baseBackoffMs = opts.baseBackoffMs ?? 1_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 300_000;
  const now = opts.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  let stopped = false;

  const send = (request: RecordCleanupNeededRequest) =>
    new Promise<void>((resolve, reject) => {
      notification.recordCleanupNeeded(request, new grpc.Metadata(), { deadline: Date.now() + deadlineMs }, (err) => (err ? reject(err) : resolve()));
    });

  async function pass(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const at = now();
      const due = await prisma.$queryRaw<Row[]>`
        UPDATE cleanup_notices SET next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
        WHERE owner_sub IN (
          SELECT owner_sub FROM cleanup_notices
          WHERE relayed_at IS NULL AND next_attempt_at <= ${at}
          ORDER BY next_attempt_at LIMIT ${PAGE}
          FOR UPDATE SKIP LOCKED)
        RETURNING owner_sub AS "ownerSub", owner_email AS "ownerEmail", locale, created_at AS "createdAt", attempts`;
      if (due.length === 0) break;
      for (const row of due) {
        try {
          await send({ idempotencyKey: cleanupNoticeKey(row), ownerEmail: row.ownerEmail, locale: row.locale });
          await prisma.cleanupNotice.update({ where: { ownerSub: row.ownerSub }, data: { relayedAt: now(), attempts: { increment: 1 } } });
          sent++;
        } catch (err) {
          const e = err as grpc.ServiceError;
          const attempts = row.attempts + 1;
          const delay = retryDelay(attempts - 1, { baseMs: baseBackoffMs, maxMs: maxBackoffMs });
          await prisma.cleanupNotice.update({ where: { ownerSub: row.ownerSub }, data: { attempts, nextAttemptAt: new Date(now().getTime() + delay) } });
          logger.warn({ attempts, retryInMs: delay, code: e.code }, 'cleanup notice relay failed, kept pending');
        }
      }
      if (sent === 0) break;
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    running ??= pass()
      .catch((err: Error) => {
        logger.warn({ error: err.message }, 'cleanup notice pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    poke: () => void runOnce(),
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
