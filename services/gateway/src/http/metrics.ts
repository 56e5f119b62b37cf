import { isLinkCode } from '@ferry/rules';
import { Counter, Gauge, Histogram, METRIC_PREFIX, type Registry } from '@ferry/service-kit';

/**
 * The routes told apart in the request metrics: the download redirect (`/api/d/{slug}`, and
 * `/d/{slug}`, the page that sends the browser there), the download page (`/{slug}`), the rest of
 * the API and the other pages and files.
 */
export type RouteLabel = '/api/d' | '/d' | '/{slug}' | '/api' | 'web';

/** Bounded set of routes for a request path (no slugs or other ids in label values). */
export function routeOf(url: string): RouteLabel {
  if (url.startsWith('/api/d/')) return '/api/d';
  if (url.startsWith('/api/') || url === '/api') return '/api';
  if (url.startsWith('/d/')) return '/d';
  const q = url.indexOf('?');
  return isLinkCode(url.slice(1, q === -1 ? undefined : q)) ? '/{slug}' : 'web';
}

/** The gateway's counters and histograms; `observeRequest` runs on the redirect's hot path, so label children are cached. */
export interface GatewayMetrics {
  observeRequest(route: RouteLabel, status: number, seconds: number): void;
  cacheHit(): void;
  cacheMiss(): void;
  /** A 302 of GET /api/d: one download. */
  redirected(): void;
  stripeWebhookFailure(status: number): void;
  /**
   * Read at scrape time: downloads and batches not yet acknowledged by the link service, and the
   * downloads not counted because their request id was counted already (a resent GET), since start.
   */
  watchDownloadBacklog(read: () => { downloads: number; batches: number; repeats: number }): void;
}

/** Redirects answer in tens of microseconds from the cache, pages in milliseconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * On the redirect's hot path a prom-client child costs ~0.5 µs per increment (it hashes its labels
 * each time): counts are kept in plain numbers and handed to prom-client when a scrape collects.
 */
export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const p = `${METRIC_PREFIX}gateway_`;
  /** Answers since the last scrape, by route, then status. */
  const answered = new Map<RouteLabel, Map<number, number>>();
  let redirectCount = 0;
  let hitCount = 0;
  let missCount = 0;
  new Counter({
    name: `${p}http_requests_total`,
    help: 'HTTP requests answered, by route and status code',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
    collect() {
      for (const [route, codes] of answered)
        for (const [code, n] of codes) if (n > 0) this.inc({ route, code: String(code) }, n);
      answered.clear();
    },
  });
  const duration = new Histogram({
    name: `${p}http_request_duration_seconds`,
    help: 'Time from the request to the end of the response, by route',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: `${p}redirects_total`,
    help: 'Downloads served: 302s of GET /api/d/{slug} (each is counted for its link)',
    registers: [registry],
    collect() {
      this.inc(redirectCount);
      redirectCount = 0;
    },
  });
  const cache = new Counter({
    name: `${p}link_cache_lookups_total`,
    help: "Download redirects answered from this process's link cache (hit) or after a lookup (miss)",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.inc({ result: 'hit' }, hitCount);
      this.inc({ result: 'miss' }, missCount);
      hitCount = 0;
      missCount = 0;
    },
  });
  const webhookFailures = new Counter({
    name: `${p}stripe_webhook_failures_total`,
    help: 'Stripe webhook deliveries answered with anything but 2xx (Stripe delivers them again), by status code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  let backlog: () => { downloads: number; batches: number; repeats: number } = () => ({
    downloads: 0,
    batches: 0,
    repeats: 0,
  });
  let repeatsSeen = 0;
  new Counter({
    name: `${p}download_repeats_total`,
    help: 'Downloads answered but not counted again: their load-balancer request id was counted already (a GET resent after a gateway died)',
    registers: [registry],
    collect() {
      const repeats = backlog().repeats;
      this.inc(Math.max(0, repeats - repeatsSeen));
      repeatsSeen = repeats;
    },
  });
  new Gauge({
    name: `${p}download_counts_pending`,
    help: 'Downloads counted here and not yet acknowledged by the link service',
    registers: [registry],
    collect() {
      this.set(backlog().downloads);
    },
  });
  new Gauge({
    name: `${p}download_count_batches_pending`,
    help: 'Download count batches waiting for the link service (RecordDownloads)',
    registers: [registry],
    collect() {
      this.set(backlog().batches);
    },
  });

  const durations = new Map<RouteLabel, Histogram.Internal<'route'>>();
  // Both series from the start, so a ratio over them is defined before the first miss.
  cache.inc({ result: 'hit' }, 0);
  cache.inc({ result: 'miss' }, 0);

  return {
    observeRequest(route, status, seconds) {
      let histogram = durations.get(route);
      if (!histogram) {
        histogram = duration.labels(route);
        durations.set(route, histogram);
      }
      histogram.observe(seconds);
      let codes = answered.get(route);
      if (!codes) {
        codes = new Map();
        answered.set(route, codes);
      }
      codes.set(status, (codes.get(status) ?? 0) + 1);
    },
    redirected: () => {
      redirectCount++;
    },
    cacheHit: () => {
      hitCount++;
    },
    cacheMiss: () => {
      missCount++;
    },
    stripeWebhookFailure: (status) => webhookFailures.labels(String(status)).inc(),
    watchDownloadBacklog(read) {
      backlog = read;
    },
  };
}
