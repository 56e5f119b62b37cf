import express, { Router, type Request } from 'express';
import { PageViewEvent } from '@ferry/http-contract';
import { sanitizePageView, type AnalyticsTarget, type PageViewForwarder } from '../analytics/page-view-forwarder.js';
import type { RequestBudget } from '../http/request-budget.js';
import { budgetKey } from '../links/not-found-limiter.js';

export interface PageViewRouteDeps {
  target: AnalyticsTarget;
  forwarder: PageViewForwarder;
  /** https://ferry.example.com — pages on it and its subdomains are counted. */
  publicOrigin: string;
  /** Events per client and minute. */
  budget: RequestBudget;
}

/** Largest event body: the tracker's JSON is well under 1 KB. */
export const EVENT_BODY_LIMIT = '4kb';

/** The browser asked not to be tracked: Do Not Track or Global Privacy Control. */
export function optedOut(req: Request): boolean {
  return req.get('dnt') === '1' || req.get('sec-gpc') === '1';
}

function parseEvent(body: unknown): PageViewEvent | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed = PageViewEvent.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/event: the page's tracker sends its events here, on Ferry's own origin (no third-party
 * request from the browser). Each is cleaned (sanitizePageView) and forwarded to the configured
 * collector in the background; the answer is 202 whether it was forwarded or dropped.
 */
export function pageViewRoutes(deps: PageViewRouteDeps): Router {
  const router = Router();
  // The tracker posts text/plain (no CORS preflight); JSON is read from it, whatever the type says.
  router.post('/event', express.text({ type: () => true, limit: EVENT_BODY_LIMIT }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (optedOut(req)) {
      res.status(202).end();
      return;
    }
    const wait = await deps.budget.take(budgetKey(req.ip ?? 'unknown'));
    if (wait > 0) {
      res.set('Retry-After', String(wait)).status(429).json({ error: 'Too many events', code: 'rate_limited' });
      return;
    }
    const event = parseEvent(req.body);
    const forwarded = event ? sanitizePageView(event, deps.target, deps.publicOrigin) : undefined;
    if (forwarded) void deps.forwarder.forward(forwarded, req.get('user-agent'));
    res.status(202).end();
  });
  return router;
}
