import type { Logger } from 'pino';
import type { createClient } from 'redis';
import type { GatewayConfig } from '../config.js';
import { RequestBudget } from '../http/request-budget.js';
import type { PageViewRouteDeps } from '../routes/page-views.js';
import { pageViewForwarder, type AnalyticsTarget } from './page-view-forwarder.js';

/** Events one client may send per minute (a page view and an engagement per page change, with room). */
export const EVENTS_PER_CLIENT_PER_MINUTE = 60;

/** The collector from the environment: ANALYTICS_ENDPOINT turns counting on; the domain defaults to PUBLIC_ORIGIN's host. */
export function analyticsTargetOf(
  config: Pick<GatewayConfig, 'ANALYTICS_ENDPOINT' | 'ANALYTICS_DOMAIN' | 'PUBLIC_ORIGIN'>,
): AnalyticsTarget | undefined {
  if (!config.ANALYTICS_ENDPOINT) return undefined;
  return {
    endpoint: config.ANALYTICS_ENDPOINT,
    domain: config.ANALYTICS_DOMAIN ?? new URL(config.PUBLIC_ORIGIN).hostname,
  };
}

/** What GET /api/config says about page views: `{ analytics: { domain } }` when counted, else nothing. */
export function publicAnalyticsOf(
  config: Pick<GatewayConfig, 'ANALYTICS_ENDPOINT' | 'ANALYTICS_DOMAIN' | 'PUBLIC_ORIGIN'>,
): { analytics?: { domain: string } } {
  const target = analyticsTargetOf(config);
  return target ? { analytics: { domain: target.domain } } : {};
}

/** POST /api/event's dependencies, or undefined when page views are off. */
export function pageViewDepsOf(
  config: GatewayConfig,
  redis: ReturnType<typeof createClient> | undefined,
  logger: Logger,
): PageViewRouteDeps | undefined {
  const target = analyticsTargetOf(config);
  if (!target) return undefined;
  return {
    target,
    forwarder: pageViewForwarder(target, logger),
    publicOrigin: config.PUBLIC_ORIGIN,
    budget: new RequestBudget({
      keyPrefix: 'ferry:gateway:events',
      points: EVENTS_PER_CLIENT_PER_MINUTE,
      windowS: 60,
      redis,
      logger,
    }),
  };
}
