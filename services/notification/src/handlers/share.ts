import * as grpc from '@grpc/grpc-js';
import { grpcError, RETRY_AFTER_METADATA, unary } from '@ferry/service-kit';
import {
  ShareEmailKind,
  type NotificationServiceServer,
  type SendShareEmailRequest,
  type SendShareEmailResponse,
} from '@ferry/contracts/notification/v1';
import type { Prisma } from '../generated/prisma/client.js';
import { normaliseLanguage, sizeLabel } from '@ferry/rules';
import { expiresInLabel } from '../domain/format.js';
import { shareIdempotencyKey } from '../domain/outbox.js';
import { renderReceiverMail, renderUploaderCopy, type ShareMailData } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import type { HandlerDeps } from './deps.js';
import { messageStatus } from './status.js';
import {
  requireDownloadUrl,
  requireFileName,
  requireMessage,
  requireRecipients,
  requireSender,
  requireShareRequestId,
} from './validation.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type Tx = Prisma.TransactionClient;

/** RESOURCE_EXHAUSTED with the whole seconds until the limit frees, for the gateway's Retry-After. */
function limitReached(message: string, waitMs: number): grpc.ServiceError {
  const err = grpcError(grpc.status.RESOURCE_EXHAUSTED, message);
  err.metadata.set(RETRY_AFTER_METADATA, String(Math.max(1, Math.ceil(waitMs / 1000))));
  return err;
}

/** The sender's signed "+1 day" URL: only on Ferry's own origin, else left out. */
function optionalActionUrl(value: string | undefined, publicOrigin: string): string | undefined {
  return value?.startsWith(`${publicOrigin}/api/actions/`) && !/\s/.test(value) ? value : undefined;
}

/** Share by e-mail (receiver mail and uploader's copy) and the copy-link log. */
export function shareHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'sendShareEmail' | 'logCopyLink'> {
  const { prisma, logger, now, limits } = deps;

  async function checkLimits(
    tx: Tx,
    senderSub: string,
    linkWhere: Prisma.ShareRequestWhereInput,
    recipients: string[],
    at: Date,
  ): Promise<void> {
    const lastHour = await tx.shareRequest.findMany({
      where: { senderSub, createdAt: { gt: new Date(at.getTime() - HOUR_MS) } },
      select: { recipients: true, createdAt: true },
      orderBy: { createdAt: 'asc' },
    });
    const used = lastHour.reduce((n, r) => n + r.recipients.length, 0);
    if (used + recipients.length > limits.senderPerHour) {
      // The window slides: the oldest requests leave it first, until this one fits (or the whole hour).
      let left = used;
      const frees = lastHour.find((r) => {
        left -= r.recipients.length;
        return left + recipients.length <= limits.senderPerHour;
      });
      throw limitReached(
        `Too many e-mails: you can send to at most ${limits.senderPerHour} recipients per hour (${Math.max(0, limits.senderPerHour - used)} left). Please try again later.`,
        (frees?.createdAt.getTime() ?? at.getTime()) + HOUR_MS - at.getTime(),
      );
    }
    const sentToday = await tx.outboxMessage.findMany({
      where: {
        kind: 'SHARE_RECEIVER',
        to: { in: recipients },
        createdAt: { gt: new Date(at.getTime() - DAY_MS) },
        shareRequest: linkWhere,
      },
      select: { to: true, createdAt: true },
      orderBy: { createdAt: 'asc' },
    });
    const perRecipient = new Map<string, Date[]>();
    for (const m of sentToday) perRecipient.set(m.to, [...(perRecipient.get(m.to) ?? []), m.createdAt]);
    const over = recipients.filter((r) => (perRecipient.get(r)?.length ?? 0) >= limits.recipientPerLinkPerDay);
    if (over.length > 0) {
      // A recipient may be mailed again once enough of its mails are a day old; all of them must be.
      const freeAt = Math.max(
        ...over.map((r) => perRecipient.get(r)!.at(-limits.recipientPerLinkPerDay)!.getTime() + DAY_MS),
      );
      throw limitReached(
        `This link was already e-mailed to ${over.join(', ')} ${limits.recipientPerLinkPerDay === 1 ? 'today' : `${limits.recipientPerLinkPerDay} times today`}. Please try again tomorrow.`,
        freeAt - at.getTime(),
      );
    }
  }

  async function queued(keys: string[]): Promise<SendShareEmailResponse['messages']> {
    const rows = await prisma.outboxMessage.findMany({
      where: { idempotencyKey: { in: keys } },
      select: { idempotencyKey: true, to: true, status: true },
    });
    const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
    return keys.flatMap((k) => {
      const r = byKey.get(k);
      return r ? [{ idempotencyKey: r.idempotencyKey, to: r.to, status: messageStatus(r.status) }] : [];
    });
  }

  async function sendShareEmail(req: SendShareEmailRequest, call: object): Promise<SendShareEmailResponse> {
    const sender = requireSender(call);
    const id = requireShareRequestId(req.shareRequestId);
    if (
      req.kind !== ShareEmailKind.SHARE_EMAIL_KIND_RECEIVER &&
      req.kind !== ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY
    ) {
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'kind must be receiver or uploader copy');
    }
    const recipients = requireRecipients(req.recipients, limits.maxRecipients);
    const downloadUrl = requireDownloadUrl(req.downloadUrl, deps.publicOrigin);
    const fileName = requireFileName(req.fileName);
    const message = requireMessage(req.message);
    const slug = req.slug.trim() || null;
    const at = now();
    const lang = normaliseLanguage(req.locale);
    const data: ShareMailData = {
      lang,
      senderEmail: sender.email,
      fileName,
      sizeLabel:
        (req.sizeLabel.trim() && !/\p{Cc}/u.test(req.sizeLabel) ? req.sizeLabel.trim().slice(0, 32) : '') ||
        (Number(req.sizeBytes) > 0 ? sizeLabel(Number(req.sizeBytes), lang) : ''),
      downloadUrl,
      expiresIn: expiresInLabel(req.expiresAt, at, lang),
      message,
      year: at.getUTCFullYear(),
      recipients,
    };
    const isCopy = req.kind === ShareEmailKind.SHARE_EMAIL_KIND_UPLOADER_COPY;

    const keys = await prisma.$transaction(
      async (tx) => {
        // One sender's requests are checked and written one at a time, so concurrent requests cannot pass a limit together.
        await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`share-sender/${sender.sub}`}))`;
        let share = await tx.shareRequest.findUnique({ where: { id } });
        if (share && share.senderSub !== sender.sub)
          throw grpcError(grpc.status.PERMISSION_DENIED, 'This share request belongs to another user');
        if (isCopy) {
          if (!share)
            throw grpcError(
              grpc.status.FAILED_PRECONDITION,
              'uploader mail failed: the receiver mail of this share request was not queued',
            );
          const extendUrl = optionalActionUrl(req.extendUrl, deps.publicOrigin);
          const payload: OutboxPayload = {
            ...renderUploaderCopy({ ...data, recipients: share.recipients, ...(extendUrl ? { extendUrl } : {}) }),
            type: 'start',
            lang,
          };
          const key = shareIdempotencyKey(id, 'uploader-copy', sender.email);
          await tx.outboxMessage.createMany({
            data: [
              {
                idempotencyKey: key,
                kind: 'SHARE_UPLOADER_COPY',
                to: sender.email.toLowerCase(),
                payload: payload as object,
                nextAttemptAt: at,
                createdAt: at,
                shareRequestId: id,
              },
            ],
            skipDuplicates: true,
          });
          return [key];
        }
        if (!share) {
          await checkLimits(tx, sender.sub, slug ? { slug } : { downloadUrl }, recipients, at);
          share = await tx.shareRequest.create({
            data: {
              id,
              senderSub: sender.sub,
              senderEmail: sender.email,
              slug,
              fileName,
              downloadUrl,
              message,
              recipients,
              createdAt: at,
            },
          });
        }
        // A repeated request (same id) queues nothing new beyond its original recipients.
        const targets = recipients.filter((r) => share.recipients.includes(r));
        const payloadBase: Omit<OutboxPayload, 'type' | 'lang'> = renderReceiverMail(data);
        const rows = targets.map((to) => ({
          idempotencyKey: shareIdempotencyKey(id, 'receiver', to),
          kind: 'SHARE_RECEIVER' as const,
          to,
          payload: { ...payloadBase, replyTo: sender.email, type: 'receiver', lang } satisfies OutboxPayload as object,
          nextAttemptAt: at,
          createdAt: at,
          shareRequestId: id,
        }));
        await tx.outboxMessage.createMany({ data: rows, skipDuplicates: true });
        return rows.map((r) => r.idempotencyKey);
      },
      { timeout: 15_000, maxWait: 15_000 },
    );
    deps.poke();
    logger.info(
      { shareRequestId: id, kind: isCopy ? 'uploader-copy' : 'receiver', recipients: isCopy ? 1 : keys.length, slug },
      'share mail queued',
    );
    return { shareRequestId: id, messages: await queued(keys) };
  }

  return {
    sendShareEmail: unary(logger, sendShareEmail),
    logCopyLink: unary(logger, async (req, call) => {
      const sender = requireSender(call);
      if (req.link)
        logger.info(
          { via: 'copy', sub: sender.sub, slug: req.slug || undefined, link: req.link.slice(0, 300) },
          'link copied',
        );
      else logger.info({ via: 'copy', sub: sender.sub, slug: req.slug || undefined }, 'No URL available');
      return {};
    }),
  };
}
