import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { accessLine, accessLogLevel, type AccessLogPolicy } from './access-log.js';
import { routeOf, type GatewayMetrics } from './metrics.js';

const STRIPE_WEBHOOK = '/api/stripe/webhook';

/**
 * Wraps the server's request listener: every answer is counted and timed by route, a Stripe
 * webhook answered with anything but 2xx is counted as a failure, and the download redirect
 * (answered before Express, whose access log it never reaches) gets its sampled access line here.
 * A redirect answered synchronously from the cache is observed at once, without a listener.
 */
export function observeRequests(
  listener: RequestListener,
  deps: { metrics: GatewayMetrics; logger: Logger; accessLog: AccessLogPolicy },
): RequestListener {
  const { metrics, logger, accessLog } = deps;
  const observe = (req: IncomingMessage, res: ServerResponse, url: string, started: number) => {
    const ms = performance.now() - started;
    const route = routeOf(url);
    metrics.observeRequest(route, res.statusCode, ms / 1000);
    if (route === '/api/d') {
      const level = accessLogLevel(accessLog, url, res.statusCode);
      if (level)
        logger[level]({ reqId: res.getHeader('x-request-id'), ...accessLine(req, res, ms) }, 'request completed');
    } else if (res.statusCode >= 300 && url.startsWith(STRIPE_WEBHOOK) && req.method === 'POST') {
      metrics.stripeWebhookFailure(res.statusCode);
    }
  };
  return (req, res) => {
    // performance.now(): a fifth of process.hrtime.bigint()'s cost, as precise here.
    const started = performance.now();
    // Taken before routing: Express rewrites req.url on its way (mounted routers, the pages' fallback).
    const url = req.url ?? '';
    listener(req, res);
    if (res.writableEnded) observe(req, res, url, started);
    else res.once('close', () => observe(req, res, url, started));
  };
}
