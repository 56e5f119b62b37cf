import * as grpc from '@grpc/grpc-js';
import { grpcError, unary } from '@ferry/service-kit';
import type {
  NotificationServiceServer,
  SendAbuseReportRequest,
  SendAbuseReportResponse,
} from '@ferry/contracts/notification/v1';
import { abuseDetailsProblem, isAbuseReason, isMailAddress, isSlug, normalizeAddress } from '@ferry/rules';
import { renderAbuseReportMail } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';

/** `abuse/<the link service's report id>`: one mail per stored report. */
const ABUSE_KEY = /^abuse\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);

/** A URL of Ferry's own origin (the report's page, the administrators' screen): never another site's in the team's mail. */
function ownUrl(value: string, publicOrigin: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${field} is not a URL`);
  }
  const origin = new URL(publicOrigin);
  const own = url.hostname === origin.hostname || url.hostname.endsWith(`.${origin.hostname}`);
  if (url.protocol !== origin.protocol || !own) throw invalid(`${field} must be on ${publicOrigin}`);
  return url.href;
}

/**
 * A visitor's report of a link, already stored by the link service: one mail to the abuse address
 * (ABUSE_TO) per idempotency key, Reply-To the reporter when they gave an address. Without ABUSE_TO
 * the service refuses (FAILED_PRECONDITION): the gateway then still keeps the stored report.
 */
export function abuseReportHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'sendAbuseReport'> {
  const { logger, now } = deps;

  async function sendAbuseReport(req: SendAbuseReportRequest): Promise<SendAbuseReportResponse> {
    if (!ABUSE_KEY.test(req.idempotencyKey)) throw invalid('idempotency_key must be abuse/<report id>');
    if (!isSlug(req.slug)) throw invalid('slug is not a link slug');
    if (!isAbuseReason(req.reason)) throw invalid('reason is not one of the report reasons');
    if (abuseDetailsProblem(req.details)) throw invalid('details are too long or contain control characters');
    const replyTo = req.replyTo.trim();
    if (replyTo !== '' && !isMailAddress(replyTo)) throw invalid('reply_to is not a valid address');
    const downloadPageUrl = ownUrl(req.downloadPageUrl, deps.publicOrigin, 'download_page_url');
    const adminUrl = ownUrl(req.adminUrl, deps.publicOrigin, 'admin_url');
    const to = deps.abuseTo;
    if (!to) throw grpcError(grpc.status.FAILED_PRECONDITION, 'Abuse reports are not configured (ABUSE_TO)');
    const at = now();
    const rendered = renderAbuseReportMail({
      slug: req.slug,
      reason: req.reason,
      details: req.details.trim(),
      replyTo: replyTo === '' ? '' : normalizeAddress(replyTo),
      downloadPageUrl,
      fileName: req.fileName,
      ownerEmail: req.ownerEmail,
      adminUrl,
      receivedAt: at,
    });
    const payload: OutboxPayload = {
      ...rendered,
      ...(replyTo ? { replyTo: normalizeAddress(replyTo) } : {}),
      type: 'abuse-report',
      slug: req.slug,
      lang: 'en',
    };
    const { accepted, status } = await queueOnce(deps, {
      idempotencyKey: req.idempotencyKey,
      kind: 'ABUSE_REPORT',
      to,
      payload,
      at,
    });
    logger.info(
      { accepted, slug: req.slug, reason: req.reason },
      accepted ? 'abuse report queued' : 'abuse report already recorded',
    );
    return { accepted, status };
  }

  return { sendAbuseReport: unary(logger, sendAbuseReport) };
}
