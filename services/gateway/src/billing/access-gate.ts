import type { Request, RequestHandler } from 'express';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type {
  AccessStatus,
  BillingServiceClient,
  GetAccessStatusResponse,
  StartTrialResponse,
} from '@ferry/contracts/billing/v1';
import { unary, type CallContext } from '../grpc/call.js';
import { isGrpcCallError } from '../grpc/status-map.js';
import { HttpError } from '../http/errors.js';
import { hasExpired } from './access-status.js';
import { callerLanguage } from './caller.js';

/** How long a "may create links" answer is reused for one user. */
export const ACCESS_CACHE_TTL_MS = 30_000;
const ACCESS_CACHE_MAX = 50_000;

export const SUBSCRIPTION_EXPIRED_TEXT =
  'Your trial or subscription has ended, so new links cannot be created. Choose a plan on your account page; your existing links keep working.';

/** What billing routes and webhooks tell the gate when someone's access may have changed. */
export interface AccessChanges {
  /** This user's access changed (checkout, resume, cancel, clock). */
  forget(sub: string): void;
  /** Someone's access changed (a Stripe event names a customer, not a user). */
  forgetAll(): void;
}

export interface AccessGate extends AccessChanges {
  /** Middleware after requireAuth: 402 `subscription_expired` for an account whose trial or plan has ended. */
  requireAccess: RequestHandler;
}

export interface AccessGateDeps {
  billing: BillingServiceClient;
  grpcDeadlineMs: number;
  logger: Logger;
  ttlMs?: number;
}

/**
 * The 402 gate in front of every route that creates a new link. It asks billing for the caller's
 * access; an account without a subscription yet gets its trial started here (StartTrial is
 * idempotent, and the shell's own start at sign-in is best effort), so no caller can skip the
 * trial's end by never starting it. Only "may create" answers are cached (per user, briefly, and
 * dropped when billing routes or webhooks change access), so paying unlocks at once. When billing
 * cannot answer, the gate lets the request through and logs it: it guards payment, not security.
 */
export function createAccessGate(deps: AccessGateDeps): AccessGate {
  const allowed = new LRUCache<string, true>({ max: ACCESS_CACHE_MAX, ttl: deps.ttlMs ?? ACCESS_CACHE_TTL_MS });

  async function statusOf(req: Request): Promise<AccessStatus | undefined> {
    const ctx: CallContext = {
      deadlineMs: deps.grpcDeadlineMs,
      requestId: req.id,
      user: { sub: req.auth!.sub, email: req.auth!.email },
    };
    const language = callerLanguage(req);
    try {
      return (
        await unary<GetAccessStatusResponse>(
          (md, opts, cb) => deps.billing.getAccessStatus({ language }, md, opts, cb),
          ctx,
        )
      ).status;
    } catch (err) {
      if (!isGrpcCallError(err) || err.code !== GrpcStatus.NOT_FOUND) throw err;
      return (
        await unary<StartTrialResponse>((md, opts, cb) => deps.billing.startTrial({ language }, md, opts, cb), ctx)
      ).status;
    }
  }

  const requireAccess: RequestHandler = async (req, _res, next) => {
    const sub = req.auth!.sub;
    if (allowed.has(sub)) return next();
    let status: AccessStatus | undefined;
    try {
      status = await statusOf(req);
    } catch (err) {
      const code = isGrpcCallError(err) ? GrpcStatus[err.code] : (err as Error).name;
      deps.logger.warn(
        { reqId: req.id, code },
        'access gate: billing did not answer; the link is created without the check',
      );
      return next();
    }
    // An answer without a status says nothing about payment: like no answer, it does not block.
    if (status && hasExpired(status)) throw new HttpError(402, 'subscription_expired', SUBSCRIPTION_EXPIRED_TEXT);
    allowed.set(sub, true);
    next();
  };

  return {
    requireAccess,
    forget: (sub) => void allowed.delete(sub),
    forgetAll: () => allowed.clear(),
  };
}
