import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { createClient } from 'redis';
import { reportRoutes, type ReportRouteDeps } from '../abuse/report-route.js';
import { ReportLimits } from '../abuse/report-limits.js';
import type { GatewayConfig } from '../config.js';
import type { Backends } from '../grpc/backends.js';
import { publicLinksOf } from '../links/public-links.js';
import { adminRoutes } from './admin-routes.js';
import { Admins } from './admins.js';
import { standingRoutes } from './standing-route.js';

/** "Report this file", an account's standing and the administrators' routes. */
export interface AbuseDeps extends ReportRouteDeps {
  admins: Admins;
  /** ABUSE_TO: named to a suspended account for appeals. */
  abuseTo?: string;
  /** The sign-in gate; absent = the app's requireAuth. */
  authenticate?: RequestHandler;
}

export function abuseRoutes(deps: AbuseDeps & { authenticate: RequestHandler }): Router {
  const router = Router();
  router.use(reportRoutes(deps));
  router.use(standingRoutes(deps));
  router.use(adminRoutes(deps));
  return router;
}

/** The gateway's wiring from its config: limits shared through Redis when there is one. */
export function abuseDepsOf(
  config: GatewayConfig,
  backends: Backends,
  redis: ReturnType<typeof createClient> | undefined,
  logger: Logger,
): AbuseDeps {
  const links = publicLinksOf(config);
  return {
    link: backends.link.client,
    notification: backends.notification.client,
    grpcDeadlineMs: config.GRPC_DEADLINE_MS,
    publicOrigin: config.PUBLIC_ORIGIN,
    limits: new ReportLimits(undefined, { redis, logger }),
    downloadPageUrl: (slug, ownerSubdomain) => links.shortUrl(slug, ownerSubdomain),
    admins: new Admins(config.ADMIN_EMAILS),
    abuseTo: config.ABUSE_TO,
  };
}
