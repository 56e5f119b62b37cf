import * as grpc from '@grpc/grpc-js';
import { displayFileName, formatDate, isMailAddress, isSlug, normaliseLanguage, sizeLabel } from '@ferry/rules';
import { grpcError, unary } from '@ferry/service-kit';
import type {
  NotificationServiceServer,
  RecordFirstDownloadRequest,
  RecordFirstDownloadResponse,
} from '@ferry/contracts/notification/v1';
import { expiresInLabel } from '../domain/format.js';
import { isFirstDownloadKey } from '../domain/outbox.js';
import { dateLocale } from '../mail/i18n.js';
import { renderFirstDownloadNotice } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';

/**
 * First-download events relayed (at least once) by the link service. The outbox row is keyed by
 * the event's idempotency key: the first call inserts it, every repeat finds it and queues nothing.
 */
export function firstDownloadHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'recordFirstDownload'> {
  const { logger, now } = deps;

  async function recordFirstDownload(req: RecordFirstDownloadRequest): Promise<RecordFirstDownloadResponse> {
    if (!isFirstDownloadKey(req.idempotencyKey, req.linkId))
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'idempotency_key must be first-download/<link_id>');
    const owner = req.ownerEmail.trim().toLowerCase();
    if (!isMailAddress(owner)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'owner_email is not a valid address');
    const at = now();
    const lang = normaliseLanguage(req.locale);
    const downloadedAt = req.downloadedAt ?? at;
    const rendered = renderFirstDownloadNotice({
      lang,
      fileName: displayFileName(req.fileName || req.slug),
      sizeLabel: Number(req.sizeBytes) > 0 ? sizeLabel(Number(req.sizeBytes), lang) : '',
      expiresIn: expiresInLabel(req.expiresAt, at, lang),
      link: isSlug(req.slug) ? `${deps.publicOrigin}/r/${req.slug}` : '',
      downloadedAt: `${formatDate(downloadedAt, dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
      year: at.getUTCFullYear(),
      ...(deps.actions && req.ownerSub && isSlug(req.slug)
        ? {
            extendUrl: `${deps.publicOrigin}/api/actions/extend?token=${deps.actions.sign({
              action: 'extend-1d',
              slug: req.slug,
              ownerSub: req.ownerSub,
              ownerEmail: owner,
              locale: lang,
            })}`,
          }
        : {}),
    });
    const payload: OutboxPayload = { ...rendered, type: 'first-download', lang };
    const { accepted, status } = await queueOnce(deps, {
      idempotencyKey: req.idempotencyKey,
      kind: 'FIRST_DOWNLOAD',
      to: owner,
      payload,
      at,
    });
    logger.info(
      { idempotencyKey: req.idempotencyKey, accepted },
      accepted ? 'first-download notice queued' : 'first-download event already recorded',
    );
    return { accepted, status };
  }

  return { recordFirstDownload: unary(logger, recordFirstDownload) };
}
