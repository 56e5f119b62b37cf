import * as grpc from '@grpc/grpc-js';
import { grpcError, unary } from '@ferry/service-kit';
import type {
  NotificationServiceServer,
  SendFeedbackRequest,
  SendFeedbackResponse,
} from '@ferry/contracts/notification/v1';
import {
  feedbackProblem,
  hasLineBreakOrControl,
  isMailAddress,
  MAX_FEEDBACK_LENGTH,
  normaliseLanguage,
  normalizeAddress,
} from '@ferry/rules';
import { renderFeedbackMail } from '../mail/templates.js';
import type { OutboxPayload } from '../outbox/payload.js';
import { queueOnce } from '../outbox/queue-once.js';
import type { HandlerDeps } from './deps.js';

/** `feedback/<UUID>`: one mail per send of the dialog. */
const FEEDBACK_KEY = /^feedback\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAGE_MAX = 300;

const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);

function requireFeedback(message: string): string {
  const problem = feedbackProblem(message);
  if (problem === 'empty') throw invalid('The message is empty');
  if (problem === 'too-long') throw invalid(`The message may have at most ${MAX_FEEDBACK_LENGTH} characters`);
  if (problem === 'control') throw invalid('The message may not contain control characters or carriage returns');
  return message.trim();
}

/** An optional reply address: '' or one plain mailbox (it becomes the Reply-To header). */
function optionalReplyTo(value: string): string {
  const address = value.trim();
  if (address === '') return '';
  if (!isMailAddress(address)) throw invalid('reply_to is not a valid address');
  return normalizeAddress(address);
}

/**
 * A visitor's feedback: one mail to the team (FEEDBACK_TO) per idempotency key, Reply-To the
 * visitor's address when given. Without FEEDBACK_TO the service refuses (FAILED_PRECONDITION).
 */
export function feedbackHandlers(deps: HandlerDeps): Pick<NotificationServiceServer, 'sendFeedback'> {
  const { logger, now } = deps;

  async function sendFeedback(req: SendFeedbackRequest): Promise<SendFeedbackResponse> {
    if (!FEEDBACK_KEY.test(req.idempotencyKey)) throw invalid('idempotency_key must be feedback/<UUID>');
    const message = requireFeedback(req.message);
    const replyTo = optionalReplyTo(req.replyTo);
    const page = req.page.trim().slice(0, PAGE_MAX);
    if (hasLineBreakOrControl(page)) throw invalid('page must be one line');
    const to = deps.feedbackTo;
    if (!to) throw grpcError(grpc.status.FAILED_PRECONDITION, 'Feedback is not configured (FEEDBACK_TO)');
    const at = now();
    const lang = normaliseLanguage(req.language);
    const rendered = renderFeedbackMail({ message, replyTo, page: page || '/', language: lang, receivedAt: at });
    const payload: OutboxPayload = { ...rendered, ...(replyTo ? { replyTo } : {}), type: 'feedback', lang: 'en' };
    const { accepted, status } = await queueOnce(deps, {
      idempotencyKey: req.idempotencyKey,
      kind: 'FEEDBACK',
      to,
      payload,
      at,
    });
    logger.info(
      { accepted, page, length: message.length, replyTo: replyTo !== '' },
      accepted ? 'feedback queued' : 'feedback already recorded',
    );
    return { accepted, status };
  }

  return { sendFeedback: unary(logger, sendFeedback) };
}
