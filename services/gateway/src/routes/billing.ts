import { Router, type Request, type RequestHandler } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type {
  BillingServiceClient,
  CancelSubscriptionResponse,
  GetAccessStatusResponse,
  ResumeSubscriptionResponse,
  StartTrialResponse,
} from '@ferry/contracts/billing/v1';
import type { AccessStatus, CancelResponse, ResumeResponse, TrialStartResponse } from '@ferry/http-contract';
import type { ErrorCode } from '@ferry/http-contract';
import type { AccessChanges } from '../billing/access-gate.js';
import { toAccessStatusBody } from '../billing/access-status.js';
import { billingCaller, callerLanguage } from '../billing/caller.js';
import type { CallContext } from '../grpc/call.js';
import { unary } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';

export interface BillingRouteDeps {
  billing: BillingServiceClient;
  grpcDeadlineMs: number;
  /** The sign-in gate (requireAuth); sets req.auth. */
  authenticate: RequestHandler;
  /** PUBLIC_ORIGIN: Checkout and the portal return to /account on it (never to the request's Host). */
  publicOrigin: string;
  /** BILLING_TEST_CLOCK=on: mounts POST /api/dev/clock/advance (test and single-machine mode only). */
  testClock?: boolean;
  /** Told when a user's access may have changed, so the link gate asks billing again. */
  access?: AccessChanges;
}

/** Spec §8 texts and the refusals the billing routes answer with. */
export const BILLING_TEXTS = {
  noData: 'No subscription data found.',
  cancelled: 'Your subscription has been cancelled. Access remains until the end of the current period.',
  nothingToResume: 'There is no cancelled plan to resume.',
} as const;

/** Every billing call acts for the signed-in user: the gateway's assertion of them goes with it. */
export function billingContext(req: Request, deadlineMs: number): CallContext {
  return { deadlineMs, requestId: req.id, user: billingCaller(req) };
}

/** Turns one gRPC status of a billing refusal into the route's own answer; anything else goes to the status map. */
export function refusal(code: GrpcStatus, status: number, errorCode: ErrorCode, message: string) {
  return (err: unknown): never => {
    if (isGrpcCallError(err) && err.code === code) throw new HttpError(status, errorCode, message);
    throw err;
  };
}

const noDataAsNotFound = refusal(GrpcStatus.NOT_FOUND, 404, 'not_found', BILLING_TEXTS.noData);

/** POST /api/trial/start, /api/access/status, /api/stripe/cancel (spec §7) and /api/billing/resume. */
export function billingRoutes(deps: BillingRouteDeps): Router {
  const router = Router();
  const ctx = (req: Request) => billingContext(req, deps.grpcDeadlineMs);
  const changed = (req: Request) => deps.access?.forget(req.auth!.sub);

  router.post('/trial/start', deps.authenticate, async (req, res) => {
    const language = callerLanguage(req);
    const r = await unary<StartTrialResponse>(
      (md, opts, cb) => deps.billing.startTrial({ language }, md, opts, cb),
      ctx(req),
    );
    changed(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, started: r.started, ...toAccessStatusBody(r.status) } satisfies TrialStartResponse);
  });

  router.post('/access/status', deps.authenticate, async (req, res) => {
    const language = callerLanguage(req);
    const r = await unary<GetAccessStatusResponse>(
      (md, opts, cb) => deps.billing.getAccessStatus({ language }, md, opts, cb),
      ctx(req),
    ).catch(noDataAsNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json(toAccessStatusBody(r.status) satisfies AccessStatus);
  });

  router.post('/stripe/cancel', deps.authenticate, async (req, res) => {
    const r = await unary<CancelSubscriptionResponse>(
      (md, opts, cb) => deps.billing.cancelSubscription({}, md, opts, cb),
      ctx(req),
    ).catch(noDataAsNotFound);
    changed(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, message: BILLING_TEXTS.cancelled, ...toAccessStatusBody(r.status) } satisfies CancelResponse);
  });

  router.post('/billing/resume', deps.authenticate, async (req, res) => {
    const r = await unary<ResumeSubscriptionResponse>(
      (md, opts, cb) => deps.billing.resumeSubscription({}, md, opts, cb),
      ctx(req),
    )
      .catch(noDataAsNotFound)
      .catch(refusal(GrpcStatus.FAILED_PRECONDITION, 409, 'nothing_to_resume', BILLING_TEXTS.nothingToResume));
    changed(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, ...toAccessStatusBody(r.status) } satisfies ResumeResponse);
  });

  return router;
}
