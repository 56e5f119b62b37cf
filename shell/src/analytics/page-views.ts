import { pageViewUrl } from '@ferry/rules';

/** Where the page's tracker posts: Ferry's own origin (the gateway forwards, no third-party request). */
export const EVENT_ENDPOINT = '/api/event';

/** What the page-view counter needs from the browser (a fake in tests). */
export interface PageViewEnvironment {
  navigator: { doNotTrack?: string | null; globalPrivacyControl?: boolean };
  /** GET /api/config's `analytics` (undefined: counting is off or the config did not load). */
  loadConfig(): Promise<{ domain: string } | undefined>;
  /** Plausible's npm tracker, loaded only when counting is on. */
  loadTracker(): Promise<Tracker>;
}

export interface Tracker {
  init(config: {
    domain: string;
    endpoint: string;
    autoCapturePageviews: boolean;
    captureOnLocalhost: boolean;
    bindToWindow: boolean;
    logging: boolean;
    transformRequest: (
      payload: { u: string; r?: string | null } & Record<string, unknown>,
    ) => ({ u: string } & Record<string, unknown>) | null;
  }): void;
  track(eventName: string, options: { url?: string }): void;
}

/** The visitor asked not to be tracked: Do Not Track or Global Privacy Control. */
export function optedOut(nav: PageViewEnvironment['navigator']): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export interface PageViews {
  /** Counts a view of this URL (the route changed); a no-op while off. */
  view(href: string): void;
}

/**
 * Privacy-first page views (spec §7): cookieless (Plausible's tracker keeps no state), never with
 * Do Not Track or Global Privacy Control, and only when the gateway names an analytics domain. The
 * tracker is loaded after that answer, so a visitor without counting never downloads it. Every
 * URL is reduced by pageViewUrl before it leaves the page (no link code, no query but `lng`).
 */
export function createPageViews(env: PageViewEnvironment): PageViews {
  if (optedOut(env.navigator)) return { view: () => undefined };
  const pending: string[] = [];
  let tracker: Tracker | null = null;
  let off = false;
  const send = (t: Tracker, href: string) => {
    const url = pageViewUrl(href);
    if (url) t.track('pageview', { url });
  };
  void (async () => {
    const config = await env.loadConfig().catch(() => undefined);
    if (!config) {
      off = true;
      pending.length = 0;
      return;
    }
    const t = await env.loadTracker();
    t.init({
      domain: config.domain,
      endpoint: EVENT_ENDPOINT,
      autoCapturePageviews: false,
      // The gateway decides what is counted (it is configured or not); the host name does not.
      captureOnLocalhost: true,
      bindToWindow: false,
      logging: false,
      transformRequest: (payload) => {
        const u = pageViewUrl(payload.u);
        return u ? { ...payload, u, r: payload.r ? safeReferrer(payload.r) : null } : null;
      },
    });
    tracker = t;
    for (const href of pending.splice(0)) send(t, href);
  })().catch((error: unknown) => {
    off = true;
    console.warn('ferry: page views are off', error instanceof Error ? error.message : error);
  });
  return {
    view(href) {
      if (off) return;
      if (tracker) send(tracker, href);
      else pending.push(href);
    },
  };
}

/** A referrer as its origin only: the path and query of the page before may name a person. */
function safeReferrer(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The browser's environment: /api/config and the tracker chunk, both on demand. */
export function browserPageViewEnvironment(): PageViewEnvironment {
  return {
    navigator: window.navigator as PageViewEnvironment['navigator'],
    async loadConfig() {
      // After the page has loaded: counting never competes with what the visitor waits for.
      if (document.readyState !== 'complete')
        await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
      const res = await window.fetch('/api/config', { credentials: 'omit' });
      if (!res.ok) return undefined;
      const body = (await res.json()) as { analytics?: { domain?: unknown } };
      const domain = body.analytics?.domain;
      return typeof domain === 'string' && domain !== '' ? { domain } : undefined;
    },
    loadTracker: () => import('@plausible-analytics/tracker') as Promise<Tracker>,
  };
}
