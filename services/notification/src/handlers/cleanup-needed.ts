import * as grpc from '@grpc/grpc-js';
import { grpcError, unary } from '@ferry/service-kit';
import type {
  NotificationServiceServer,
  RecordCleanupNeededRequest,
  RecordCleanupNeededResponse,
} from '@ferry/contracts/notification/v1';
import { isMailAddress, normaliseLanguage } from '@ferry/rules';
import { renderCleanupNotice } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';

/** `cleanup-needed/<owner sub>/<ms>`: one mail per owner and episode. */
const CLEANUP_KEY = /^cleanup-needed\/[^/\s]{1,255}\/\d{1,15}$/;

/**
 * The link service's expiry sweeper could not remove an owner's expired files (no Drive grant):
 * one mail, in the owner's language, saying how to remove them or to sign in once so Ferry can
 * finish. Keyed like the first-download notice: a repeated call queues nothing.
 */
export function cleanupNeededHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'recordCleanupNeeded'> {
  const { logger, now } = deps;

  async function recordCleanupNeeded(req: RecordCleanupNeededRequest): Promise<RecordCleanupNeededResponse> {
    if (!CLEANUP_KEY.test(req.idempotencyKey))
      throw grpcError(grpc.status.INVALID_ARGUMENT, 'idempotency_key must be cleanup-needed/<owner>/<ms>');
    const owner = req.ownerEmail.trim().toLowerCase();
    if (!isMailAddress(owner)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'owner_email is not a valid address');
    const at = now();
    const lang = normaliseLanguage(req.locale);
    const rendered = renderCleanupNotice({ lang, signInUrl: `${deps.publicOrigin}/upload`, year: at.getUTCFullYear() });
    const payload: OutboxPayload = { ...rendered, type: 'cleanup-needed', lang };
    const { accepted, status } = await queueOnce(deps, {
      idempotencyKey: req.idempotencyKey,
      kind: 'CLEANUP_NEEDED',
      to: owner,
      payload,
      at,
    });
    logger.info({ accepted }, accepted ? 'cleanup-needed notice queued' : 'cleanup-needed notice already recorded');
    return { accepted, status };
  }

  return { recordCleanupNeeded: unary(logger, recordCleanupNeeded) };
}
