import express, { Router, type Request, type RequestHandler } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  Phase,
  type AccessStatus,
  type BillingServiceClient,
  type CancelSubscriptionResponse,
  type GetAccessStatusResponse,
  type HandleStripeEventResponse,
  type StartTrialResponse,
} from '@ferry/contracts/billing/v1';
import type { AssertedUser } from '@ferry/service-kit';
import { unary } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { BillingBody, type AccessStatus as AccessStatusBody, type CancelResponse, type StripeWebhookResponse, type TrialStartResponse } from '@ferry/http-contract';

export interface BillingRouteDeps {
  billing: BillingServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth); sets req.auth. */
  authenticate: RequestHandler;
}

/** Spec §8 texts the API answers with. */
export const BILLING_TEXTS = {
  noData: 'No subscription data found.',
  cancelled: 'Your subscription has been cancelled. Access remains until the end of the current period.',
} as const;

const PHASES: Record<number, AccessStatusBody['phase']> = {
  [Phase.PHASE_TRIAL]: 'trial',
  [Phase.PHASE_PAID]: 'paid',
  [Phase.PHASE_EXPIRED]: 'expired',
};

/** The spec §3 subscription-status response (snake_case, as the spec names the fields). */
export function toAccessStatusBody(s: AccessStatus | undefined): AccessStatusBody {
  return {
    phase: PHASES[s?.phase ?? Phase.PHASE_EXPIRED] ?? 'expired',
    remaining_days: s?.remainingDays ?? 0,
    total_days: s?.totalDays ?? 0,
    paid_until: s?.paidUntil ? s.paidUntil.toISOString() : null,
    cancelled_at: s?.cancelledAt ? s.cancelledAt.toISOString() : null,
  };
}

/**
 * The caller is the verified identity. The spec's `{email}` payload is only checked: an e-mail in
 * the body that names someone else is refused, never used.
 */
function callerOf(req: Request): AssertedUser {
  const claimed = parseRequest(BillingBody, bodyObject(req.body)).email;
  const email = req.auth!.email;
  if (typeof claimed === 'string' && claimed.trim() !== '' && claimed.trim().toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(403, 'permission_denied', 'The e-mail does not match the signed-in account');
  }
  return { sub: req.auth!.sub, email };
}

function noDataAsNotFound(err: unknown): never {
  if (isGrpcCallError(err) && err.code === GrpcStatus.NOT_FOUND) throw new HttpError(404, 'not_found', BILLING_TEXTS.noData);
  throw err;
}

/** POST /api/trial/start, /api/access/status and /api/stripe/cancel (spec §7). */
export function billingRoutes(deps: BillingRouteDeps): Router {
  const router = Router();
  /** Every billing call acts for the signed-in user: the gateway's assertion of them goes with it. */
  const ctx = (req: Request) => ({ deadlineMs: deps.grpcDeadlineMs, requestId: req.id, user: callerOf(req) });

  router.post('/trial/start', deps.authenticate, async (req, res) => {
    const r = await unary<StartTrialResponse>((md, opts, cb) => deps.billing.startTrial({}, md, opts, cb), ctx(req));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, started: r.started, ...toAccessStatusBody(r.status) } satisfies TrialStartResponse);
  });

  router.post('/access/status', deps.authenticate, async (req, res) => {
    const r = await unary<GetAccessStatusResponse>((md, opts, cb) => deps.billing.getAccessStatus({}, md, opts, cb), ctx(req)).catch(noDataAsNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json(toAccessStatusBody(r.status));
  });

  router.post('/stripe/cancel', deps.authenticate, async (req, res) => {
    const r = await unary<CancelSubscriptionResponse>((md, opts, cb) => deps.billing.cancelSubscription({}, md, opts, cb), ctx(req)).catch(noDataAsNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, message: BILLING_TEXTS.cancelled, ...toAccessStatusBody(r.status) } satisfies CancelResponse);
  });

  return router;
}

/** Largest Stripe event accepted (Stripe's events are far smaller). */
const WEBHOOK_LIMIT = '512kb';

/**
 * POST /api/stripe/webhook: the raw body, byte for byte (the signature covers it), and the
 * Stripe-Signature header go to billing, which verifies and applies the event. Mounted before the
 * API's JSON parser. 503 when billing has no STRIPE_WEBHOOK_SECRET, 400 for a bad signature.
 */
export function stripeWebhookRoutes(deps: Pick<BillingRouteDeps, 'billing' | 'grpcDeadlineMs'>): Router {
  const router = Router();
  router.post('/api/stripe/webhook', express.raw({ type: () => true, limit: WEBHOOK_LIMIT }), async (req, res) => {
    const signature = req.get('stripe-signature') ?? '';
    if (!signature) throw new HttpError(400, 'invalid_argument', 'Missing Stripe-Signature header');
    const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let r: HandleStripeEventResponse;
    try {
      r = await unary<HandleStripeEventResponse>(
        (md, opts, cb) => deps.billing.handleStripeEvent({ payload, signature }, md, opts, cb),
        { deadlineMs: deps.grpcDeadlineMs, requestId: req.id },
      );
    } catch (err) {
      if (isGrpcCallError(err) && err.code === GrpcStatus.FAILED_PRECONDITION) {
        throw new HttpError(503, 'not_configured', 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)');
      }
      throw err;
    }
    res.json({ received: true, event_id: r.eventId, duplicate: r.duplicate } satisfies StripeWebhookResponse);
  });
  return router;
}
