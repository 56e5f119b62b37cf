import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';

/** Spec §9: e-mail request data is kept 24 hours. */
export const RETENTION_MS = 24 * 60 * 60_000;

/**
 * Deletes share requests, their mails, feedback and more-time mails older than 24 h (whatever their state: a mail not sent
 * within a day is given up). First-download and trial-reminder rows keep only their idempotency key and status, so a
 * late repeat of the event is still recognised; the owner's address and the mail are erased.
 */
export async function purgeExpired(
  prisma: PrismaClient,
  now: Date,
  logger?: Logger,
): Promise<{ shares: number; mails: number; notices: number }> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const mails = await prisma.outboxMessage.deleteMany({
    where: {
      kind: { in: ['SHARE_RECEIVER', 'SHARE_UPLOADER_COPY', 'FEEDBACK', 'MORE_TIME_REQUEST'] },
      createdAt: { lt: cutoff },
    },
  });
  const shares = await prisma.shareRequest.deleteMany({ where: { createdAt: { lt: cutoff } } });
  const gaveUp = await prisma.outboxMessage.updateMany({
    where: { kind: { in: ['FIRST_DOWNLOAD', 'ACCOUNT_NOTICE'] }, createdAt: { lt: cutoff }, status: 'PENDING' },
    data: { status: 'FAILED', lastError: 'not delivered within 24 hours' },
  });
  const notices = await prisma.outboxMessage.updateMany({
    where: { kind: { in: ['FIRST_DOWNLOAD', 'ACCOUNT_NOTICE'] }, createdAt: { lt: cutoff }, to: { not: '' } },
    data: { to: '', payload: {} },
  });
  const result = { shares: shares.count, mails: mails.count, notices: notices.count };
  if (result.shares + result.mails + result.notices + gaveUp.count > 0)
    logger?.info({ ...result, gaveUp: gaveUp.count }, 'expired e-mail data purged');
  return result;
}
