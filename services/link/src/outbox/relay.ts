import * as grpc from '@grpc/grpc-js';
import type { NotificationServiceClient, RecordFirstDownloadRequest } from '@ferry/contracts/notification/v1';
import type { Logger } from '@ferry/service-kit';
import { backoffDelay } from '@ferry/rules';
import type { PrismaClient } from '../db.js';
import type { FirstDownloadOutbox } from '../generated/prisma/client.js';

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
const PAGE = 50;
const CONCURRENCY = 8;

/** The columns a lease returns (raw SQL, so Prisma does not type them itself). */
type Row = Pick<FirstDownloadOutbox, 'id' | 'linkId' | 'idempotencyKey' | 'payload' | 'attempts'>;

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

  const relayOne = async (row: Row): Promise<boolean> => {
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
      return true;
    } catch (err) {
      const e = err as grpc.ServiceError;
      const attempts = row.attempts + 1;
      const delay = backoffDelay(attempts - 1, { baseMs: baseBackoffMs, maxMs: maxBackoffMs });
      await prisma.firstDownloadOutbox.update({
        where: { id: row.id },
        data: { attempts, nextAttemptAt: new Date(now().getTime() + delay), lastError: `${e.code ?? ''} ${e.details ?? e.message}`.trim().slice(0, 500) },
      });
      logger.warn({ idempotencyKey: row.idempotencyKey, attempts, retryInMs: delay, code: e.code }, 'first-download relay failed, kept pending');
      return false;
    }
  };

  async function pass(): Promise<number> {
    let acknowledged = 0;
    while (!stopped) {
      const at = now();
      // Lease a page of due rows in one statement (SKIP LOCKED: replicas take different rows).
      const due = await prisma.$queryRaw<Row[]>`
        UPDATE first_download_outbox SET next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
        WHERE id IN (
          SELECT id FROM first_download_outbox
          WHERE relayed_at IS NULL AND next_attempt_at <= ${at}
          ORDER BY next_attempt_at LIMIT ${PAGE}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, link_id AS "linkId", idempotency_key AS "idempotencyKey", payload, attempts`;
      if (due.length === 0) break;
      // The first row alone: if the receiver refuses it (down, or answering UNIMPLEMENTED), the
      // page goes back untouched and the pass ends; the timer comes back later.
      const [first, ...rest] = due;
      const done: string[] = [];
      if (!(await relayOne(first!))) {
        await prisma.firstDownloadOutbox.updateMany({ where: { id: { in: rest.map((r) => r.id) } }, data: { nextAttemptAt: at } });
        break;
      }
      done.push(first!.id);
      for (let i = 0; i < rest.length; i += CONCURRENCY) {
        const slice = rest.slice(i, i + CONCURRENCY);
        const ok = await Promise.all(slice.map(relayOne));
        slice.forEach((r, k) => ok[k] && done.push(r.id));
      }
      await prisma.firstDownloadOutbox.updateMany({ where: { id: { in: done } }, data: { relayedAt: now(), lastError: null, attempts: { increment: 1 } } });
      acknowledged += done.length;
      logger.info({ relayed: done.length }, 'first-download events relayed');
      if (done.length < due.length) break;
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
