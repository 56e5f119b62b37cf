import { Router } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { AdvanceTestClockResponse } from '@ferry/contracts/billing/v1';
import { ClockAdvanceBody, type AccessStatus } from '@ferry/http-contract';
import { toAccessStatusBody } from '../billing/access-status.js';
import { unary } from '../grpc/call.js';
import { bodyObject, parseRequest } from '../http/validate.js';
import { billingContext, refusal, type BillingRouteDeps } from './billing.js';

/**
 * POST /api/dev/clock/advance: moves the caller's billing clock (and its Stripe test clock)
 * forward, so tests and demos can reach a trial's end or a renewal. Mounted only with
 * BILLING_TEST_CLOCK=on; billing refuses it too unless its own test clock is on (then 404 here).
 */
export function devClockRoutes(deps: BillingRouteDeps): Router {
  const router = Router();
  router.post('/dev/clock/advance', deps.authenticate, async (req, res) => {
    const { seconds } = parseRequest(ClockAdvanceBody, bodyObject(req.body));
    const r = await unary<AdvanceTestClockResponse>(
      (md, opts, cb) => deps.billing.advanceTestClock({ seconds: String(seconds) }, md, opts, cb),
      billingContext(req, deps.grpcDeadlineMs),
    ).catch(refusal(GrpcStatus.FAILED_PRECONDITION, 404, 'not_found', 'Not found'));
    deps.access?.forget(req.auth!.sub);
    res.setHeader('Cache-Control', 'no-store');
    res.json(toAccessStatusBody(r.status) satisfies AccessStatus);
  });
  return router;
}
