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
  /** Read at scrape time: downloads and batches not yet acknowledged by the link service. */
  watchDownloadBacklog(read: () => { downloads: number; batches: number }): void;
}

/** Redirects answer in tens of microseconds from the cache, pages in milliseconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const p = `${METRIC_PREFIX}gateway_`;
  const requests = new Counter({
    name: `${p}http_requests_total`,
    help: 'HTTP requests answered, by route and status code',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${p}http_request_duration_seconds`,
    help: 'Time from the request to the end of the response, by route',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const redirects = new Counter({
    name: `${p}redirects_total`,
    help: 'Downloads served: 302s of GET /api/d/{slug} (each is counted for its link)',
    registers: [registry],
  });
  const cache = new Counter({
    name: `${p}link_cache_lookups_total`,
    help: "Download redirects answered from this process's link cache (hit) or after a lookup (miss)",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: `${p}stripe_webhook_failures_total`,
    help: 'Stripe webhook deliveries answered with anything but 2xx (Stripe delivers them again), by status code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  let backlog: () => { downloads: number; batches: number } = () => ({ downloads: 0, batches: 0 });
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

  const children = new Map<
    RouteLabel,
    { duration: Histogram.Internal<'route'>; codes: Map<number, Counter.Internal> }
  >();
  const childrenOf = (route: RouteLabel) => {
    let c = children.get(route);
    if (!c) {
      c = { duration: duration.labels(route), codes: new Map() };
      children.set(route, c);
    }
    return c;
  };
  const hits = cache.labels('hit');
  const misses = cache.labels('miss');

  return {
    observeRequest(route, status, seconds) {
      const c = childrenOf(route);
      c.duration.observe(seconds);
      let counter = c.codes.get(status);
      if (!counter) {
        counter = requests.labels(route, String(status));
        c.codes.set(status, counter);
      }
      counter.inc();
    },
    redirected: () => redirects.inc(),
    cacheHit: () => hits.inc(),
    cacheMiss: () => misses.inc(),
    stripeWebhookFailure: (status) => webhookFailures.labels(String(status)).inc(),
    watchDownloadBacklog(read) {
      backlog = read;
    },
  };
}
