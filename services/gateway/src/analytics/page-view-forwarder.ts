import type { Logger } from 'pino';
import { pageViewUrl, subdomainOfHost } from '@ferry/rules';
import type { PageViewEvent } from '@ferry/http-contract';

export interface AnalyticsTarget {
  /** The collector's event API: https://plausible.example.com/api/event (any Plausible-compatible one). */
  endpoint: string;
  /** The site as the collector knows it (ANALYTICS_DOMAIN); every event is named with it. */
  domain: string;
}

/** What the collector receives: nothing that names the visitor. */
export interface ForwardedEvent {
  n: 'pageview' | 'engagement';
  u: string;
  d: string;
  r: string | null;
  sd?: number;
  e?: number;
}

const MAX_ENGAGEMENT_MS = 24 * 60 * 60_000;
const USER_AGENT_MAX = 512;

/** The referrer as a source: the origin of another site, else none (our own pages are no source). */
function referrerSource(value: string | null | undefined, isOwnHost: (host: string) => boolean): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return isOwnHost(url.host) ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Reduces a tracker's event to what may be counted: the event name, the page as pageViewUrl counts
 * it (origin, path pattern, `lng`), an outside referrer's origin and the engagement numbers.
 * Undefined (dropped) for another event name or a page outside Ferry's origin and its subdomains.
 */
export function sanitizePageView(
  event: PageViewEvent,
  target: AnalyticsTarget,
  publicOrigin: string,
): ForwardedEvent | undefined {
  if (event.n !== 'pageview' && event.n !== 'engagement') return undefined;
  const root = new URL(publicOrigin);
  const isOwnHost = (host: string) => host === root.host || subdomainOfHost(host, root.host) !== undefined;
  const u = event.u ? pageViewUrl(event.u) : undefined;
  if (!u || !isOwnHost(new URL(u).host) || new URL(u).protocol !== root.protocol) return undefined;
  const forwarded: ForwardedEvent = { n: event.n, u, d: target.domain, r: referrerSource(event.r, isOwnHost) };
  if (event.n === 'engagement') {
    forwarded.sd = Math.min(100, Math.max(0, Math.round(event.sd ?? 0)));
    forwarded.e = Math.min(MAX_ENGAGEMENT_MS, Math.max(0, Math.round(event.e ?? 0)));
  }
  return forwarded;
}

export interface PageViewForwarder {
  /** Sends one event; never rejects (a collector that is down costs only that count). */
  forward(event: ForwardedEvent, userAgent: string | undefined): Promise<void>;
}

/**
 * Posts events to the collector from the gateway: only JSON and the browser's User-Agent (the
 * collector tells browsers and bots apart by it). No X-Forwarded-For, no cookie, no Referer: the
 * collector sees the gateway's address, never the visitor's.
 */
export function pageViewForwarder(
  target: AnalyticsTarget,
  logger: Logger,
  timeoutMs = 3_000,
  fetchImpl: typeof fetch = fetch,
): PageViewForwarder {
  return {
    async forward(event, userAgent) {
      try {
        const res = await fetchImpl(target.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': (userAgent ?? 'unknown').slice(0, USER_AGENT_MAX),
          },
          body: JSON.stringify(event),
          redirect: 'error',
          referrerPolicy: 'no-referrer',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body?.cancel();
        if (!res.ok) logger.debug({ status: res.status }, 'analytics collector refused an event');
      } catch (error) {
        logger.debug({ error: (error as Error).message }, 'analytics collector unreachable');
      }
    },
  };
}
