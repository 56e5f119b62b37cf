import { createHash } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { grpcError, RETRY_AFTER_METADATA, unary } from '@ferry/service-kit';
import type {
  NotificationServiceServer,
  SendMoreTimeRequestRequest,
  SendMoreTimeRequestResponse,
} from '@ferry/contracts/notification/v1';
import { hasLineBreakOrControl, isMailAddress, normaliseLanguage } from '@ferry/rules';
import { renderMoreTimeRequest } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import type { HandlerDeps } from './deps.js';
import { messageStatus } from './status.js';

const MORE_TIME_KEY = /^more-time\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Abuse limits, like the share mail's: one link's owner gets at most 3 of these a day, one client sends at most 5 an hour. */
export const MORE_TIME_PER_LINK_PER_DAY = 3;
export const MORE_TIME_PER_CLIENT_PER_HOUR = 5;
export const MAX_REQUESTER_NAME = 80;
export const MAX_MORE_TIME_MESSAGE = 500;

const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);

function limitReached(message: string, waitMs: number): grpc.ServiceError {
  const err = grpcError(grpc.status.RESOURCE_EXHAUSTED, message, 'rate_limited');
  err.metadata.set(RETRY_AFTER_METADATA, String(Math.max(1, Math.ceil(waitMs / 1000))));
  return err;
}

function optionalText(value: string, max: number, field: string, multiline: boolean): string {
  const text = value.trim();
  if ([...text].length > max) throw invalid(`${field} may have at most ${max} characters`);
  const controls = multiline ? hasLineBreakOrControl(text.replace(/\n/g, ' ')) : hasLineBreakOrControl(text);
  if (controls) throw invalid(`${field} may not contain control characters`);
  return text;
}

/** Who asked, kept only as a hash for the hourly limit. */
const clientHash = (key: string) => createHash('sha256').update(`more-time/${key}`).digest('hex').slice(0, 32);

/** A recipient asks a link's owner for more time: one mail per key, in the owner's language. */
export function moreTimeHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'sendMoreTimeRequest'> {
  const { prisma, logger, now } = deps;

  async function sendMoreTimeRequest(req: SendMoreTimeRequestRequest): Promise<SendMoreTimeRequestResponse> {
    if (!MORE_TIME_KEY.test(req.idempotencyKey)) throw invalid('idempotency_key must be more-time/<UUID>');
    const owner = req.ownerEmail.trim().toLowerCase();
    if (!isMailAddress(owner)) throw invalid('owner_email is not a valid address');
    if (!/^[A-Za-z0-9_-]{8,63}$/.test(req.slug)) throw invalid('slug is not valid');
    if (!req.extendUrl.startsWith(`${deps.publicOrigin}/`)) throw invalid('extend_url must be on the public origin');
    if (!req.expiresAt) throw invalid('expires_at is required');
    const name = optionalText(req.requesterName, MAX_REQUESTER_NAME, 'requester_name', false);
    const message = optionalText(req.message, MAX_MORE_TIME_MESSAGE, 'message', true);
    const client = clientHash(req.clientKey);
    const at = now();
    const lang = normaliseLanguage(req.locale);
    const rendered = renderMoreTimeRequest({
      lang,
      fileName: req.fileName,
      expiresAt: req.expiresAt,
      requesterName: name,
      message,
      extendUrl: req.extendUrl,
      year: at.getUTCFullYear(),
    });
    const payload: OutboxPayload = { ...rendered, type: 'more-time', lang, slug: req.slug, client };
    const accepted = await prisma.$transaction(async (tx) => {
      // One link's requests are checked and written one at a time, so concurrent ones cannot pass a limit together.
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`more-time/${req.slug}`}))`;
      const known = await tx.outboxMessage.findUnique({
        where: { idempotencyKey: req.idempotencyKey },
        select: { id: true },
      });
      if (known) return false;
      const recent = await tx.$queryRaw<Array<{ created_at: Date; slug: string; client: string }>>`
        SELECT created_at, payload->>'slug' AS slug, payload->>'client' AS client FROM outbox_messages
        WHERE kind = 'MORE_TIME_REQUEST' AND created_at > ${new Date(at.getTime() - DAY_MS)}
          AND (payload->>'slug' = ${req.slug} OR payload->>'client' = ${client})
        ORDER BY created_at`;
      const forLink = recent.filter((r) => r.slug === req.slug);
      if (forLink.length >= MORE_TIME_PER_LINK_PER_DAY)
        throw limitReached(
          'The sender was already asked for more time today. Please try again tomorrow.',
          forLink.at(-MORE_TIME_PER_LINK_PER_DAY)!.created_at.getTime() + DAY_MS - at.getTime(),
        );
      const fromClient = recent.filter((r) => r.client === client && r.created_at.getTime() > at.getTime() - HOUR_MS);
      if (fromClient.length >= MORE_TIME_PER_CLIENT_PER_HOUR)
        throw limitReached(
          'Too many requests right now. Please try again later.',
          fromClient.at(-MORE_TIME_PER_CLIENT_PER_HOUR)!.created_at.getTime() + HOUR_MS - at.getTime(),
        );
      await tx.outboxMessage.create({
        data: {
          idempotencyKey: req.idempotencyKey,
          kind: 'MORE_TIME_REQUEST',
          to: owner,
          payload: payload as object,
          nextAttemptAt: at,
          createdAt: at,
        },
      });
      return true;
    });
    const row = await prisma.outboxMessage.findUnique({
      where: { idempotencyKey: req.idempotencyKey },
      select: { status: true },
    });
    if (accepted) deps.poke();
    logger.info(
      { accepted, slug: req.slug },
      accepted ? 'more-time request queued' : 'more-time request already recorded',
    );
    return { accepted, status: messageStatus(row?.status ?? 'PENDING') };
  }

  return { sendMoreTimeRequest: unary(logger, sendMoreTimeRequest) };
}
