import * as grpc from '@grpc/grpc-js';
import type { NotificationServiceClient, RecordFirstDownloadRequest } from '@ferry/contracts/notification/v1';
import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';

export interface OutboxRelayOptions {
  prisma: PrismaClient;
  notification: NotificationServiceClient;
  logger: Logger;
  /** Poll period when idle. */
  intervalMs?: number;
  /** Per-call deadline. */
  deadlineMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
}

export interface OutboxRelay {
  /** Relay now instead of at the next tick (called after a first download was recorded). */
  poke(): void;
  /** One pass over due rows; resolves with how many were acknowledged. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** While a row is being relayed, other replicas leave it alone for this long. */
const LEASE_MS = 30_000;

/**
 * At-least-once relay of first-download events to the notification service. A row stays pending
 * until notification acknowledges it (any OK answer, also "already recorded"); UNIMPLEMENTED or any
 * other error keeps it and retries with exponential backoff. The idempotency key makes duplicates
 * harmless on the receiving side.
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { prisma, notification, logger } = opts;
  const intervalMs = opts.intervalMs ?? 2_000;
  const deadlineMs = opts.deadlineMs ?? 5_000;
  const baseBackoffMs = opts.baseBackoffMs ?? 1_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 300_000;
  const now = opts.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  const send = (request: RecordFirstDownloadRequest) =>
    new Promise<void>((resolve, reject) => {
      notification.recordFirstDownload(request, new grpc.Metadata(), { deadline: Date.now() + deadlineMs }, (err) => (err ? reject(err) : resolve()));
    });

  async function pass(): Promise<number> {
    let acknowledged = 0;
    const due = await prisma.firstDownloadOutbox.findMany({
      where: { relayedAt: null, nextAttemptAt: { lte: now() } },
      orderBy: { nextAttemptAt: 'asc' },
      take: 50,
    });
    for (const row of due) {
      if (stopped) break;
      // Lease the row (conditional on the value we read) so two replicas do not relay it at once.
      const leased = await prisma.firstDownloadOutbox.updateMany({
        where: { id: row.id, relayedAt: null, nextAttemptAt: row.nextAttemptAt },
        data: { nextAttemptAt: new Date(now().getTime() + LEASE_MS) },
      });
      if (leased.count !== 1) continue;
      const payload = row.payload as Record<string, string>;
      try {
        await send({
          idempotencyKey: row.idempotencyKey,
          linkId: row.linkId,
          slug: payload.slug ?? '',
          ownerEmail: payload.ownerEmail ?? '',
          ownerSubdomain: payload.ownerSubdomain ?? '',
          fileName: payload.fileName ?? '',
          sizeBytes: payload.sizeBytes ?? '0',
          expiresAt: payload.expiresAt ? new Date(payload.expiresAt) : undefined,
          downloadedAt: payload.downloadedAt ? new Date(payload.downloadedAt) : undefined,
          locale: payload.locale ?? '',
        });
        await prisma.firstDownloadOutbox.update({ where: { id: row.id }, data: { relayedAt: now(), attempts: { increment: 1 }, lastError: null } });
        acknowledged++;
        logger.info({ idempotencyKey: row.idempotencyKey }, 'first-download event relayed');
      } catch (err) {
        const e = err as grpc.ServiceError;
        const attempts = row.attempts + 1;
        const delay = Math.min(maxBackoffMs, baseBackoffMs * 2 ** Math.min(attempts - 1, 20));
        await prisma.firstDownloadOutbox.update({
          where: { id: row.id },
          data: { attempts, nextAttemptAt: new Date(now().getTime() + delay), lastError: `${e.code ?? ''} ${e.details ?? e.message}`.trim().slice(0, 500) },
        });
        logger.warn({ idempotencyKey: row.idempotencyKey, attempts, retryInMs: delay, code: e.code }, 'first-download relay failed, kept pending');
        // The receiver is down or not ready (UNIMPLEMENTED before issue 7): stop this pass rather than
        // try every row; the timer comes back later.
        break;
      }
    }
    return acknowledged;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: Error) => {
        logger.warn({ error: err.message }, 'outbox pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
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
