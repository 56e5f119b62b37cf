import type * as grpc from '@grpc/grpc-js';
import type { NotificationServiceClient, RecordFirstDownloadRequest } from '@ferry/contracts/notification/v1';
import { claimDueRows, markRows, startLeasedLoop, unaryCall, type LeasedLoop, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import type { FirstDownloadOutbox } from '../generated/prisma/client.js';
import { RELAY_LEASE_MS, relayQueueLease, relayRetryDelay, relayTimings, type RelayTimings } from './relay-queue.js';

export interface OutboxRelayOptions extends RelayTimings {
  prisma: PrismaClient;
  notification: NotificationServiceClient;
  logger: Logger;
}

/** poke() relays now instead of at the next tick (called after a first download was recorded); runOnce() resolves with how many rows were acknowledged. */
export type OutboxRelay = LeasedLoop;

const CONCURRENCY = 8;

const OUTBOX = { table: 'first_download_outbox', key: 'id' };

const DUE_EVENTS = relayQueueLease(
  OUTBOX.table,
  'id',
  'id, link_id AS "linkId", idempotency_key AS "idempotencyKey", payload, attempts',
);

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
  const timings = relayTimings(opts, 2_000);
  const { now } = timings;

  const send = (request: RecordFirstDownloadRequest) =>
    unaryCall((md, options, cb) => notification.recordFirstDownload(request, md, options, cb), {
      deadlineMs: timings.deadlineMs,
    });

  const relayOne = async (row: Row): Promise<boolean> => {
    const payload = row.payload as Record<string, string>;
    try {
      await send({
        idempotencyKey: row.idempotencyKey,
        linkId: row.linkId,
        slug: payload.slug ?? '',
        ownerEmail: payload.ownerEmail ?? '',
        ...(payload.ownerSub ? { ownerSub: payload.ownerSub } : {}),
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
      const delay = relayRetryDelay(timings, attempts);
      await prisma.firstDownloadOutbox.update({
        where: { id: row.id },
        data: {
          attempts,
          nextAttemptAt: new Date(now().getTime() + delay),
          lastError: `${e.code ?? ''} ${e.details ?? e.message}`.trim().slice(0, 500),
        },
      });
      logger.warn(
        { idempotencyKey: row.idempotencyKey, attempts, retryInMs: delay, code: e.code },
        'first-download relay failed, kept pending',
      );
      return false;
    }
  };

  async function pass(stopping: AbortSignal): Promise<number> {
    let acknowledged = 0;
    while (!stopping.aborted) {
      const at = now();
      const due = await claimDueRows<Row>(prisma, DUE_EVENTS, at, RELAY_LEASE_MS);
      if (due.length === 0) break;
      // The first row alone: if the receiver refuses it (down, or answering UNIMPLEMENTED), the
      // page goes back untouched and the pass ends; the timer comes back later.
      const [first, ...rest] = due;
      const done: string[] = [];
      if (!(await relayOne(first!))) {
        await markRows(
          prisma,
          OUTBOX,
          rest.map((r) => r.id),
          'next_attempt_at = $2',
          at,
        );
        break;
      }
      done.push(first!.id);
      for (let i = 0; i < rest.length; i += CONCURRENCY) {
        const slice = rest.slice(i, i + CONCURRENCY);
        const ok = await Promise.all(slice.map(relayOne));
        for (const [k, r] of slice.entries()) if (ok[k]) done.push(r.id);
      }
      await markRows(prisma, OUTBOX, done, 'relayed_at = $2, last_error = NULL, attempts = attempts + 1', now());
      acknowledged += done.length;
      logger.info({ relayed: done.length }, 'first-download events relayed');
      if (done.length < due.length) break;
    }
    return acknowledged;
  }

  return startLeasedLoop({ name: 'outbox', intervalMs: timings.intervalMs, logger, pass });
}
