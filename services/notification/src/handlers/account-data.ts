import * as grpc from '@grpc/grpc-js';
import type {
  ExportedMail,
  NotificationServiceServer,
  SendAccountDeletedRequest,
} from '@ferry/contracts/notification/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { isMailAddress, normaliseLanguage } from '@ferry/rules';
import { renderAccountDeleted } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';
import { messageStatus } from './status.js';
import { requireSender } from './validation.js';

/** `account-deleted/<sub>/<requested at, ms>`: one mail per deletion. */
const DELETED_KEY = /^account-deleted\/[^/\s]{1,255}\/\d{1,15}$/;

/**
 * An account's rows: mails of its share requests, mails to its address (copies, notices), and
 * receiver mails that named it as Reply-To after their share request was purged (24 h retention).
 */
const ACCOUNT_ROWS = `
  SELECT o.id FROM outbox_messages o LEFT JOIN share_requests s ON s.id = o.share_request_id
  WHERE s.sender_sub = $1 OR lower(o."to") = lower($2) OR lower(o.payload->>'replyTo') = lower($2)`;

interface MailRow {
  type: string | null;
  kind: string;
  to: string;
  createdAt: Date;
  sentAt: Date | null;
  status: 'PENDING' | 'SENT' | 'FAILED';
}

/** The account's own mail data: its export (for the user), its erasure and last mail (for the link service's account deletion). */
export function accountDataHandlers(
  deps: HandlerDeps,
): Pick<NotificationServiceServer, 'exportMyMail' | 'eraseAccountMail' | 'sendAccountDeleted'> {
  const { prisma, logger, now } = deps;

  return {
    exportMyMail: unary(logger, async (_req, call) => {
      const user = requireSender(call);
      const rows = await prisma.$queryRawUnsafe<MailRow[]>(
        `SELECT payload->>'type' AS type, kind::text AS kind, "to", created_at AS "createdAt", sent_at AS "sentAt",
           status::text AS status
         FROM outbox_messages WHERE id IN (${ACCOUNT_ROWS}) ORDER BY created_at, id`,
        user.sub,
        user.email,
      );
      const mails: ExportedMail[] = rows.map((r) => ({
        type: r.type ?? r.kind.toLowerCase(),
        to: r.to,
        createdAt: r.createdAt,
        sentAt: r.sentAt ?? undefined,
        status: messageStatus(r.status),
      }));
      return { mails };
    }),

    eraseAccountMail: unary(logger, async (req) => {
      const sub = req.sub.trim();
      const email = req.email.trim();
      if (!sub) throw grpcError(grpc.status.INVALID_ARGUMENT, 'sub is required');
      if (!isMailAddress(email)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'email is not a valid address');
      const [outboxRows, shareRequests] = await prisma.$transaction([
        prisma.$executeRawUnsafe(`DELETE FROM outbox_messages WHERE id IN (${ACCOUNT_ROWS})`, sub, email),
        prisma.shareRequest.deleteMany({ where: { senderSub: sub } }),
      ]);
      logger.info({ outboxRows, shareRequests: shareRequests.count }, 'account mail erased');
      return { outboxRows, shareRequests: shareRequests.count };
    }),

    sendAccountDeleted: unary(logger, async (req: SendAccountDeletedRequest) => {
      if (!DELETED_KEY.test(req.idempotencyKey))
        throw grpcError(grpc.status.INVALID_ARGUMENT, 'idempotency_key must be account-deleted/<account>/<ms>');
      const to = req.email.trim().toLowerCase();
      if (!isMailAddress(to)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'email is not a valid address');
      const at = now();
      const lang = normaliseLanguage(req.language);
      const rendered = renderAccountDeleted({ lang, filesTrashed: req.filesTrashed, year: at.getUTCFullYear() });
      const payload: OutboxPayload = { ...rendered, type: 'account-deleted', lang };
      const { accepted, status } = await queueOnce(deps, {
        idempotencyKey: req.idempotencyKey,
        kind: 'ACCOUNT_NOTICE',
        to,
        payload,
        at,
      });
      logger.info({ accepted }, accepted ? 'account-deleted mail queued' : 'account-deleted mail already recorded');
      return { accepted, status };
    }),
  };
}
