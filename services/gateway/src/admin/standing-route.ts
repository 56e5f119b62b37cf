import { Router, type RequestHandler } from 'express';
import type { GetAccountStandingResponse, LinkServiceClient } from '@ferry/contracts/link/v1';
import type { AccountStanding } from '@ferry/http-contract';
import { unary } from '../grpc/call.js';

export interface StandingRouteDeps {
  link: LinkServiceClient;
  grpcDeadlineMs: number;
  authenticate: RequestHandler;
  /** ABUSE_TO: where a suspended account may appeal. */
  abuseTo?: string;
}

/** GET /api/account/standing: the signed-in account's suspension, if any (account page, upload screen). */
export function standingRoutes(deps: StandingRouteDeps): Router {
  const router = Router();
  router.get('/account/standing', deps.authenticate, async (req, res) => {
    const user = { sub: req.auth!.sub, email: req.auth!.email };
    const r = await unary<GetAccountStandingResponse>((md, o, cb) => deps.link.getAccountStanding({}, md, o, cb), {
      deadlineMs: deps.grpcDeadlineMs,
      requestId: req.id,
      user,
    });
    res.set('Cache-Control', 'private, no-store');
    res.json({
      suspended: r.suspended,
      ...(r.suspended ? { reason: r.reason, suspendedAt: (r.suspendedAt ?? new Date(0)).toISOString() } : {}),
      ...(r.suspended && deps.abuseTo ? { appealTo: deps.abuseTo } : {}),
    } satisfies AccountStanding);
  });
  return router;
}
