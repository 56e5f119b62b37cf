import type { Browser, CDPSession } from '@playwright/test';

/** Chromium's slow 4G as the issue names it: 150 ms round trip, 1.6 Mbit/s down, 750 Kbit/s up. */
export const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** What "usable" means on each page: the control a visitor came for is live in the app (not the pre-rendered copy). */
export const USABLE = {
  landing: '#root:not([hidden]) .marketing-hero .marketing-actions button:not([disabled])',
  download: '#root:not([hidden]) [data-remote="download"] a.download-button[href]',
} as const;

export interface FirstVisit {
  url: string;
  /** Milliseconds from navigation start until the page's `<h1>` has text on screen. */
  mainTextMs: number;
  /** Milliseconds until the page's control is live (`USABLE`). */
  usableMs: number;
  /** Bytes on the wire (compressed, headers included) of JavaScript finished before usable. */
  jsBytes: number;
  jsFiles: number;
  requests: number;
  /** The longest chain of requests each started by the one before (the HTML is 1). */
  roundTrips: number;
}

interface Seen {
  url: string;
  type?: string;
  parent?: string;
  done?: number;
  bytes?: number;
}

function initiatorUrl(initiator: {
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: unknown };
}): string | undefined {
  if (initiator.url) return initiator.url;
  const frames = initiator.stack?.callFrames ?? [];
  return frames.find((f) => f.url)?.url;
}

/** One first visit in a fresh context (empty cache), optionally throttled, measured with CDP. */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
  usable: string,
  options: { throttle?: typeof SLOW_4G; locale?: string } = {},
): Promise<FirstVisit> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US' });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (options.throttle) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...options.throttle });
    const seen = new Map<string, Seen>();
    const byUrl = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const parent = initiatorUrl(e.initiator as never);
      seen.set(e.requestId, { url: e.request.url, ...(parent ? { parent } : {}) });
      if (!byUrl.has(e.request.url)) byUrl.set(e.request.url, e.requestId);
    });
    cdp.on('Network.responseReceived', (e) => {
      const s = seen.get(e.requestId);
      if (s) s.type = e.type;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = seen.get(e.requestId);
      if (s) Object.assign(s, { done: e.timestamp, bytes: e.encodedDataLength });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('h1')).some((h) => h.textContent?.trim() && h.getClientRects().length > 0),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const mainTextMs = await page.evaluate(() => performance.now());
    await page.waitForSelector(usable, { timeout: 60_000 });
    const usableMs = await page.evaluate(() => performance.now());
    const finished = [...seen.values()].filter((s) => s.done !== undefined);
    if (process.env.BENCH_DEBUG)
      for (const s of finished) console.log(`${s.type} ${s.bytes} ${s.url} <- ${s.parent ?? ''}`);
    const js = finished.filter((s) => s.type === 'Script');
    const depth = new Map<string, number>();
    const depthOf = (s: Seen, guard = 0): number => {
      if (depth.has(s.url)) return depth.get(s.url)!;
      const parentId = s.parent && s.parent !== s.url ? byUrl.get(s.parent) : undefined;
      const parent = parentId ? seen.get(parentId) : undefined;
      const d = parent && guard < 50 ? depthOf(parent, guard + 1) + 1 : 1;
      depth.set(s.url, d);
      return d;
    };
    return {
      url,
      mainTextMs: Math.round(mainTextMs),
      usableMs: Math.round(usableMs),
      jsBytes: js.reduce((sum, s) => sum + (s.bytes ?? 0), 0),
      jsFiles: js.length,
      requests: finished.length,
      roundTrips: Math.max(...finished.map((s) => depthOf(s))),
    };
  } finally {
    await context.close();
  }
}
