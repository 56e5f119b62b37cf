import { Counter, METRIC_PREFIX, registerOutboxMetrics, type Logger, type Registry } from '@ferry/service-kit';
import type { PrismaClient } from './db.js';
import { isPermanentSmtpFailure, type MailSender } from './mail/transport.js';

/** The mail outbox's depth and oldest age (rows still PENDING), read from the database at scrape time. */
export function registerNotificationMetrics(registry: Registry, prisma: PrismaClient, logger: Logger): void {
  registerOutboxMetrics(
    registry,
    async () => {
      const pending = await prisma.outboxMessage.aggregate({
        where: { status: 'PENDING' },
        _count: { _all: true },
        _min: { createdAt: true },
      });
      return [{ outbox: 'mail', depth: pending._count._all, oldestCreatedAt: pending._min.createdAt }];
    },
    logger,
  );
}

/**
 * The sender, counting what the provider took (`ferry_mails_sent_total`) and what it refused or
 * could not be reached for (`ferry_mail_send_failures_total`, `permanent` for an SMTP 5xx: the mail
 * is given up; otherwise it is tried again).
 */
export function countingSender(sender: MailSender, registry: Registry): MailSender {
  const sent = new Counter({
    name: `${METRIC_PREFIX}mails_sent_total`,
    help: 'Mails the provider accepted',
    registers: [registry],
  });
  const failures = new Counter({
    name: `${METRIC_PREFIX}mail_send_failures_total`,
    help: 'Mail sends that failed: permanent (SMTP 5xx, given up) or not (retried with backoff)',
    labelNames: ['permanent'] as const,
    registers: [registry],
  });
  // Both series from the start, at 0: a rate over them is defined before the first failure.
  failures.inc({ permanent: 'true' }, 0);
  failures.inc({ permanent: 'false' }, 0);
  return {
    async send(mail) {
      try {
        await sender.send(mail);
      } catch (err) {
        failures.labels(String(isPermanentSmtpFailure(err))).inc();
        throw err;
      }
      sent.inc();
    },
    close: () => sender.close(),
  };
}
