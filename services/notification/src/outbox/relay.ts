import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelay, type BackoffOptions } from '@ferry/rules';
import { claimDueRows, markRows, startLeasedLoop, type DueRowsQuery, type Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { nextAttemptAt } from '../domain/outbox.js';
import { isPermanentSmtpFailure, isSmtpUnavailable, messageIdFor, type MailSender } from '../mail/transport.js';
import type { OutboxMessage } from '../generated/prisma/client.js';
import { readPayload } from './payload.js';

export interface RelayOptions {
  prisma: PrismaClient;
  sender: MailSender;
  logger: Logger;
  /** The From header (for the Message-ID domain). */
  from: string;
  now: () => Date;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Idle poll period (real time): new rows are also picked up at once through poke(). */
  intervalMs: number;
  /** A row being sent is left alone by other passes and replicas this long (longer than one SMTP send). */
  leaseMs: number;
  /** Parallel SMTP sends. */
  concurrency?: number;
}

export interface Relay {
  /** Run a pass now (after new rows were queued). */
  poke(): void;
  /** Passes until no due row is left (after the running one, if any); resolves with how many mails were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Retries of the SENT write while the database is away. */
const SENT_WRITE_BACKOFF: BackoffOptions = { baseMs: 100, maxMs: 2_000, jitter: { min: 0.75, max: 1.25 } };

/** Claims per pass page: a page that sent nothing ends the pass. */
const BATCH = 50;

const OUTBOX = { table: 'outbox_messages', key: 'id' };

/** One due mail at a time (the first alone, as a probe); the claim is also the attempt marker. */
const DUE_MAIL: DueRowsQuery = {
  table: OUTBOX.table,
  key: OUTBOX.key,
  leaseColumn: 'next_attempt_at',
  due: "status = 'PENDING' AND next_attempt_at <= $1",
  orderBy: 'next_attempt_at',
  page: 1,
  set: 'attempts = attempts + 1, sending_since = $1',
  before: { interruptedAt: 'sending_since' },
  returning: `id, idempotency_key AS "idempotencyKey", kind, "to", payload, attempts, message_id AS "messageId"`,
};

type ClaimedRow = Pick<
  OutboxMessage,
  'id' | 'idempotencyKey' | 'kind' | 'to' | 'payload' | 'attempts' | 'messageId'
> & {
  /** The marker of an earlier attempt that never finished (null when none). */
  interruptedAt: Date | null;
};

/**
 * Sends due outbox rows over SMTP. A row is claimed (claimDueRows of the kit, FOR UPDATE SKIP
 * LOCKED) before it is sent, so two passes or two replicas never send it at once; the claim also
 * marks the attempt (`sending_since`), and the row's Message-ID is fixed before SMTP starts. It is
 * marked SENT in the tick that reads SMTP's 250 for the message. Failures are retried with
 * exponential backoff; SMTP 5xx answers mark it FAILED.
 * A crash between the server's acceptance and the SENT write is the one window in which a mail can
 * repeat (after the lease): such a repeat carries the same Message-ID.
 */
export function startRelay(opts: RelayOptions): Relay {
  const { prisma, sender, logger, now } = opts;
  const concurrency = opts.concurrency ?? 4;

  /** Outcome of one row: sent, failed (this row backs off), or SMTP unavailable (end the pass). */
  /**
   * Marks a sent row SENT. While the database is away the write is retried with backoff, for as
   * long as the process lives (once stopping, until the claim's lease ends): a row left PENDING
   * would be claimed again after its lease and its mail sent a second time.
   */
  async function markSent(row: ClaimedRow, stopping: AbortSignal, leaseEnd: number): Promise<void> {
    const mark = () =>
      markRows(
        prisma,
        OUTBOX,
        [row.id],
        "status = 'SENT', sent_at = $2, last_error = NULL, sending_since = NULL",
        now(),
      );
    for (let attempt = 0; ; attempt++) {
      try {
        await mark();
        if (attempt > 0)
          logger.info({ outboxId: row.id, attempts: attempt + 1 }, 'sent mail marked SENT after retries');
        return;
      } catch (err) {
        const delay = backoffDelay(attempt, SENT_WRITE_BACKOFF);
        if (stopping.aborted && Date.now() + delay >= leaseEnd) {
          logger.error(
            { outboxId: row.id, kind: row.kind, error: (err as Error).message },
            'sent mail not marked SENT before shutdown: it may repeat after its lease (same Message-ID)',
          );
          throw err;
        }
        if (attempt === 0)
          logger.warn(
            { outboxId: row.id, kind: row.kind, error: (err as Error).message },
            'sent mail not marked SENT yet (database unavailable): retrying',
          );
        await sleep(delay);
      }
    }
  }

  async function sendOne(row: ClaimedRow, stopping: AbortSignal): Promise<'sent' | 'failed' | 'unavailable'> {
    const leaseEnd = Date.now() + opts.leaseMs;
    const messageId = row.messageId ?? messageIdFor(row.idempotencyKey, opts.from);
    // Fixed before the SMTP transaction starts: every later attempt sends the same Message-ID.
    if (!row.messageId) await prisma.outboxMessage.update({ where: { id: row.id }, data: { messageId } });
    if (row.interruptedAt) {
      logger.warn(
        { outboxId: row.id, kind: row.kind, messageId, interruptedAt: row.interruptedAt.toISOString() },
        'previous attempt was cut off mid-send: the mail may repeat (same Message-ID)',
      );
    }
    const payload = readPayload(row.payload);
    if (!payload) {
      await prisma.outboxMessage.update({
        where: { id: row.id },
        data: { status: 'FAILED', lastError: 'payload unreadable', sendingSince: null },
      });
      return 'failed';
    }
    try {
      await sender.send({
        to: row.to,
        replyTo: payload.replyTo,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        messageId,
        idempotencyKey: row.idempotencyKey,
        headers: {
          'X-Ferry-Kind': payload.type,
          ...(payload.type === 'first-download' ? { 'Auto-Submitted': 'auto-generated' } : {}),
        },
      });
    } catch (err) {
      const e = err as Error & { responseCode?: number; code?: string };
      const attempts = row.attempts;
      const permanent = isPermanentSmtpFailure(err);
      const retryAt = nextAttemptAt(attempts, now(), opts.retryBaseMs, opts.retryMaxMs);
      await prisma.outboxMessage.update({
        where: { id: row.id },
        data: permanent
          ? { status: 'FAILED', lastError: e.message.slice(0, 500), sendingSince: null }
          : { nextAttemptAt: retryAt, lastError: e.message.slice(0, 500), sendingSince: null },
      });
      logger.warn(
        {
          outboxId: row.id,
          kind: row.kind,
          attempts,
          permanent,
          smtp: e.responseCode ?? e.code,
          retryAt: permanent ? undefined : retryAt.toISOString(),
        },
        permanent ? 'mail refused permanently' : 'mail not sent, will retry',
      );
      return !permanent && isSmtpUnavailable(err) ? 'unavailable' : 'failed';
    }
    // The duplicate window: SMTP has taken the mail and the row does not say so yet. This write is
    // issued in the same tick that read the server's 250: nothing may run before it.
    await markSent(row, stopping, leaseEnd);
    logger.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, 'mail sent');
    return 'sent';
  }

  /** Claims and sends up to BATCH mails; `empty` when no due row was left to claim. */
  async function page(stopping: AbortSignal): Promise<{ sent: number; empty: boolean }> {
    let budget = BATCH;
    let sent = 0;
    let empty = false;
    // While SMTP is down, one failed connection ends the pass: the other rows wait for the next
    // pass instead of each hammering the server (and each getting its own backoff).
    let unavailable = false;
    const sendNext = async () => {
      budget--;
      const [row] = await claimDueRows<ClaimedRow>(prisma, DUE_MAIL, now(), opts.leaseMs);
      if (!row) {
        empty = true;
        return;
      }
      const outcome = await sendOne(row, stopping);
      if (outcome === 'sent') sent++;
      if (outcome === 'unavailable') unavailable = true;
    };
    const more = () => !stopping.aborted && !unavailable && !empty && budget > 0;
    const worker = async () => {
      while (more()) await sendNext();
    };
    // The first row goes alone, as a probe: only when SMTP answers do the parallel sends start.
    if (more()) await sendNext();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { sent, empty };
  }

  async function pass(stopping: AbortSignal): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, empty } = await page(stopping);
      total += sent;
      // A page that sent nothing (SMTP down, or every row failing) waits for the backoff.
      if (stopping.aborted || empty || sent === 0) return total;
    }
  }

  const loop = startLeasedLoop({ name: 'relay', intervalMs: opts.intervalMs, logger, pass });
  return { poke: loop.poke, drain: loop.runOnce, stop: loop.stop };
}
