import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { nextAttemptAt } from '../domain/outbox.js';
import { isPermanentSmtpFailure, isSmtpUnavailable, messageIdFor, type MailSender } from '../mail/transport.js';
import { markSent } from './mark-sent.js';
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
  /** Passes until no due row is left; resolves with how many mails were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 50;

type DueRow = {
  id: string;
  idempotencyKey: string;
  nextAttemptAt: Date;
  messageId: string | null;
  sendingSince: Date | null;
};

/**
 * Sends due outbox rows over SMTP. A row is leased with a conditional update before it is sent (so
 * two passes or two replicas never send it at once), which also marks the attempt (`sendingSince`)
 * and fixes its Message-ID; it is marked SENT in the tick that reads SMTP's 250 for the message.
 * Failures are retried with exponential backoff; SMTP 5xx answers mark it FAILED.
 * A crash between the server's acceptance and the SENT write is the one window in which a mail can
 * repeat (after the lease): such a repeat carries the same Message-ID.
 */
export function startRelay(opts: RelayOptions): Relay {
  const { prisma, sender, logger, now } = opts;
  const concurrency = opts.concurrency ?? 4;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** Outcome of one row: sent, failed (this row backs off), or SMTP unavailable (end the pass). */
  async function sendOne(row: DueRow): Promise<'sent' | 'failed' | 'unavailable' | 'skipped'> {
    const messageId = row.messageId ?? messageIdFor(row.idempotencyKey, opts.from);
    // The lease is also the attempt marker: written before the SMTP transaction starts.
    const [message] = await prisma.outboxMessage.updateManyAndReturn({
      where: { id: row.id, status: 'PENDING', nextAttemptAt: row.nextAttemptAt },
      data: {
        nextAttemptAt: new Date(now().getTime() + opts.leaseMs),
        attempts: { increment: 1 },
        sendingSince: now(),
        messageId,
      },
    });
    if (!message) return 'skipped';
    if (row.sendingSince) {
      logger.warn(
        { outboxId: row.id, kind: message.kind, messageId, interruptedAt: row.sendingSince.toISOString() },
        'previous attempt was cut off mid-send: the mail may repeat (same Message-ID)',
      );
    }
    const payload = readPayload(message.payload);
    if (!payload) {
      await prisma.outboxMessage.update({
        where: { id: row.id },
        data: { status: 'FAILED', lastError: 'payload unreadable', sendingSince: null },
      });
      return 'failed';
    }
    try {
      await sender.send({
        to: message.to,
        replyTo: payload.replyTo,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        messageId,
        idempotencyKey: message.idempotencyKey,
        headers: {
          'X-Ferry-Kind': payload.type,
          ...(payload.type === 'first-download' ? { 'Auto-Submitted': 'auto-generated' } : {}),
        },
      });
    } catch (err) {
      const e = err as Error & { responseCode?: number; code?: string };
      const attempts = message.attempts;
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
          kind: message.kind,
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
    await markSent(prisma, row.id, now());
    logger.info({ outboxId: row.id, kind: message.kind, attempts: message.attempts }, 'mail sent');
    return 'sent';
  }

  async function pass(): Promise<{ sent: number; seen: number }> {
    const due = await prisma.outboxMessage.findMany({
      where: { status: 'PENDING', nextAttemptAt: { lte: now() } },
      orderBy: { nextAttemptAt: 'asc' },
      take: BATCH,
      select: { id: true, idempotencyKey: true, nextAttemptAt: true, messageId: true, sendingSince: true },
    });
    let sent = 0;
    let next = 0;
    // While SMTP is down, one failed connection ends the pass: the other rows wait for the next
    // pass instead of each hammering the server (and each getting its own backoff).
    let unavailable = false;
    const sendNext = async () => {
      const outcome = await sendOne(due[next++]!);
      if (outcome === 'sent') sent++;
      if (outcome === 'unavailable') unavailable = true;
    };
    const worker = async () => {
      while (!stopped && !unavailable && next < due.length) await sendNext();
    };
    // The first row goes alone, as a probe: only when SMTP answers do the parallel sends start.
    if (due.length > 0 && !stopped) await sendNext();
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length - next) }, worker));
    return { sent, seen: due.length };
  }

  async function passes(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, seen } = await pass();
      total += sent;
      // A full batch may have more behind it; a batch that sent nothing (SMTP down) waits for the backoff.
      if (stopped || seen < BATCH || sent === 0) return total;
    }
  }

  let queued: Promise<number> | undefined;
  function drain(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    // A pass is running: one more pass after it picks up whatever arrived meanwhile.
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return drain();
      });
      return queued;
    }
    running = passes()
      .catch((err: Error) => {
        logger.warn({ error: err.message }, 'relay pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void drain(), opts.intervalMs);
  timer.unref();
  return {
    poke: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
