import { AccountNoticeKind, type SendAccountNoticeRequest } from '@ferry/contracts/notification/v1';
import { startLeasedLoop, type LeasedLoop, type Logger } from '@ferry/service-kit';
import type { BillingClock } from '../clock.js';
import type { PrismaClient } from '../db.js';
import { dueReminder, REMINDER_COLUMN, reminderKey, type ReminderKind } from '../domain/reminders.js';
import { trialEndsAt } from '../subscriptions.js';

const KINDS: Record<ReminderKind, AccountNoticeKind> = {
  TRIAL_ENDS_IN_7_DAYS: AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_7_DAYS,
  TRIAL_ENDS_IN_1_DAY: AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDS_IN_1_DAY,
  TRIAL_ENDED: AccountNoticeKind.ACCOUNT_NOTICE_KIND_TRIAL_ENDED,
};
const PAGE = 100;

/** Hands one notice to the notification service (which mails it once per idempotency key). */
export type SendAccountNotice = (req: SendAccountNoticeRequest) => Promise<void>;

export interface ReminderLoopOptions {
  prisma: PrismaClient;
  logger: Logger;
  clock: BillingClock;
  send: SendAccountNotice;
  /** Ferry's public origin; the mails link to <origin>/account. */
  publicOrigin: string;
  intervalMs: number;
}

/**
 * The trial reminders: 7 days and 1 day before the trial ends and when it has ended, each once.
 * A pass finds the accounts with a reminder due on their own clock (the SQL mirrors dueReminder),
 * asks notification to mail it (the idempotency key makes a repeat a no-op, also across replicas)
 * and records it. A failed call leaves the reminder due for the next pass.
 */
export interface ReminderLoop extends LeasedLoop {
  /** Sends the reminder due for one account now, if any (after its clock moved). */
  remindAccount(id: string): Promise<boolean>;
}

export function startReminderLoop(opts: ReminderLoopOptions): ReminderLoop {
  const { prisma, logger, clock, send } = opts;
  const accountUrl = `${opts.publicOrigin}/account`;

  async function dueIds(after: string, wallNow: Date): Promise<string[]> {
    const rows = await prisma.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM (
        SELECT id, reminder_7d_sent_at, reminder_1d_sent_at, reminder_ended_sent_at,
               COALESCE(trial_ends_at, paid_until) AS trial_end,
               ${wallNow}::timestamptz + (CASE WHEN ${clock.testClock} THEN clock_offset_ms ELSE 0 END) * INTERVAL '1 millisecond' AS account_now
        FROM subscriptions
        WHERE reminder_ended_sent_at IS NULL
          AND id::text > ${after}
          AND NOT (plan <> 'TRIAL' AND stripe_status IN ('trialing', 'active', 'past_due', 'unpaid'))
      ) s
      WHERE s.trial_end <= s.account_now
         OR (s.reminder_1d_sent_at IS NULL AND s.trial_end - INTERVAL '1 day' <= s.account_now)
         OR (s.reminder_1d_sent_at IS NULL AND s.reminder_7d_sent_at IS NULL AND s.trial_end - INTERVAL '7 days' <= s.account_now)
      ORDER BY id::text
      LIMIT ${PAGE}`;
    return rows.map((r) => r.id);
  }

  async function remind(id: string): Promise<boolean> {
    const row = await prisma.subscription.findUnique({ where: { id } });
    if (!row) return false;
    const trialEnd = trialEndsAt(row);
    const kind = dueReminder({ ...row, trialEndsAt: trialEnd }, clock.accountNow(row));
    if (!kind) return false;
    await send({
      idempotencyKey: reminderKey(kind, row.sub, trialEnd),
      kind: KINDS[kind],
      email: row.email,
      language: row.language ?? 'en',
      trialEndsAt: trialEnd,
      accountUrl,
    });
    await prisma.subscription.updateMany({
      where: { id, [REMINDER_COLUMN[kind]]: null },
      data: { [REMINDER_COLUMN[kind]]: clock.wallNow() },
    });
    logger.info({ subscriptionId: id, kind }, 'trial reminder handed to notification');
    return true;
  }

  async function pass(stopping: AbortSignal): Promise<number> {
    let sent = 0;
    let after = '';
    for (;;) {
      const ids = await dueIds(after, clock.wallNow());
      for (const id of ids) {
        if (stopping.aborted) return sent;
        try {
          if (await remind(id)) sent++;
        } catch (err) {
          logger.warn(
            { subscriptionId: id, error: err instanceof Error ? err.message : String(err) },
            'trial reminder failed; next pass retries',
          );
        }
      }
      if (ids.length < PAGE) return sent;
      after = ids[ids.length - 1]!;
    }
  }

  return {
    ...startLeasedLoop({ name: 'trial reminders', intervalMs: opts.intervalMs, logger, pass }),
    remindAccount: remind,
  };
}
