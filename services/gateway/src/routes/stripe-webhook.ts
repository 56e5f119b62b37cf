import express, { Router } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { HandleStripeEventResponse } from '@ferry/contracts/billing/v1';
import type { StripeWebhookResponse } from '@ferry/http-contract';
import { unary } from '../grpc/call.js';
import { HttpError } from '../http/errors.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { refusal, type BillingRouteDeps } from './billing.js';

/** Largest Stripe event accepted (Stripe's events are far smaller). */
const WEBHOOK_LIMIT = '512kb';

/**
 * POST /api/stripe/webhook: the raw body, byte for byte (the signature covers it), and the
 * Stripe-Signature header go to billing, which verifies and applies the event. Mounted before the
 * API's JSON parser. 503 when billing has no STRIPE_WEBHOOK_SECRET, 400 for a bad signature. An
 * applied event may change anyone's access (it names a Stripe customer, not a user): the link
 * gate forgets what it cached.
 */
export function stripeWebhookRoutes(deps: Pick<BillingRouteDeps, 'billing' | 'grpcDeadlineMs' | 'access'>): Router {
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
      ).catch(
        refusal(
          GrpcStatus.FAILED_PRECONDITION,
          503,
          'not_configured',
          'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)',
        ),
      );
    } catch (err) {
      // Billing not reachable yet (it is starting, or restarting): Stripe delivers again later, so
      // this is a warning and a 503, not a server fault with a stack trace.
      if (!isGrpcCallError(err) || err.code !== GrpcStatus.UNAVAILABLE) throw err;
      req.log?.warn({ code: 'upstream_unavailable' }, 'stripe webhook: billing unavailable; Stripe will retry');
      res
        .status(503)
        .set({ 'Retry-After': '5', 'Cache-Control': 'no-store' })
        .json({ error: 'Billing is not available; retry later', code: 'upstream_unavailable' });
      return;
    }
    if (!r.duplicate) deps.access?.forgetAll();
    res.json({ received: true, event_id: r.eventId, duplicate: r.duplicate } satisfies StripeWebhookResponse);
  });
  return router;
}
