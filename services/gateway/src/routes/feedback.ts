import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { NotificationServiceClient, SendFeedbackResponse } from '@ferry/contracts/notification/v1';
import { FeedbackBody, type FeedbackResponse } from '@ferry/http-contract';
import { feedbackProblem, isMailAddress, MAX_FEEDBACK_LENGTH, normaliseLanguage, pageViewPath } from '@ferry/rules';
import { unary } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import type { FeedbackLimits } from '../feedback/feedback-limits.js';

export interface FeedbackRouteDeps {
  notification: NotificationServiceClient;
  grpcDeadlineMs: number;
  limits: FeedbackLimits;
}

/** Largest feedback body: a 2,000-character message is at most ~6 KB of JSON-escaped UTF-8. */
export const FEEDBACK_BODY_LIMIT = '8kb';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MESSAGE_TEXTS = {
  empty: 'Please write a message',
  'too-long': `The message may have at most ${MAX_FEEDBACK_LENGTH} characters`,
  control: 'The message may not contain control characters or carriage returns',
} as const;

/** The page a message was sent from, as page views count it: no query, no link code. */
function pageOf(value: string | undefined): string {
  const path = (value ?? '/').split(/[?#]/)[0] ?? '/';
  return path.startsWith('/') ? pageViewPath(path) : '/';
}

/**
 * POST /api/feedback: a visitor's message (signed in or not) to the team, through the notification
 * service's outbox. Its own small JSON parser (8 KB), the shared message rule, an optional reply
 * address (the shared mail-address rule), then the abuse limits: per client and for everyone.
 */
export function feedbackRoutes(deps: FeedbackRouteDeps): Router {
  const router = Router();
  router.post('/feedback', express.json({ limit: FEEDBACK_BODY_LIMIT }), async (req: Request, res) => {
    const body = parseRequest(FeedbackBody, bodyObject(req.body));
    const message = body.message ?? '';
    const problem = feedbackProblem(message);
    if (problem) throw new HttpError(400, 'invalid_argument', MESSAGE_TEXTS[problem]);
    const replyTo = (body.replyTo ?? '').trim();
    if (replyTo !== '' && !isMailAddress(replyTo))
      throw new HttpError(400, 'invalid_argument', 'replyTo is not a valid e-mail address');

    const refusal = await deps.limits.admit(req.ip ?? 'unknown');
    if (refusal) {
      req.log?.info({ limit: refusal.limit }, 'feedback over its limit');
      res.set('Retry-After', String(refusal.retryAfterS)).set('Cache-Control', 'no-store');
      res.status(429).json({ error: 'Too many messages right now. Please try again later.', code: 'rate_limited' });
      return;
    }

    const requestId = body.requestId && UUID.test(body.requestId) ? body.requestId.toLowerCase() : randomUUID();
    const request = {
      idempotencyKey: `feedback/${requestId}`,
      message,
      replyTo,
      page: pageOf(body.page),
      language: normaliseLanguage(body.language),
    };
    try {
      await unary<SendFeedbackResponse>((md, opts, cb) => deps.notification.sendFeedback(request, md, opts, cb), {
        deadlineMs: deps.grpcDeadlineMs,
        requestId: req.id,
      });
    } catch (err) {
      if (isGrpcCallError(err) && err.code === GrpcStatus.FAILED_PRECONDITION)
        throw new HttpError(503, 'not_configured', 'Feedback is not available right now');
      throw err;
    }
    res.json({ ok: true, requestId } satisfies FeedbackResponse);
  });
  return router;
}
