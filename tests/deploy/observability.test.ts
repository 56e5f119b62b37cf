/**
 * Metrics, alerts and dashboard: every service's metrics port is scraped, the alert rules and the
 * dashboard use only metrics the services' REAL code exports (their compiled metric definitions),
 * and the outbox autoscalers keep CPU beside the outbox lag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateway, grpcServices, k8sDir, overlays, repoRoot } from './lib/inventory.js';
import { find, renderOverlay, type K8sObject } from './lib/render.js';
import { containerEnv } from './lib/service-config.js';
import { configMaps, mainContainer, type Deployment } from './lib/workload.js';

const METRICS_PORT = 9464;
const scraped = [gateway, ...grpcServices];

interface PodMonitor extends K8sObject {
  spec: {
    selector: { matchExpressions?: Array<{ key: string; operator: string; values: string[] }> };
    podMetricsEndpoints: Array<{ port: string; path?: string }>;
  };
}
interface PrometheusRule extends K8sObject {
  spec: { groups: Array<{ name: string; rules: Array<{ alert?: string; expr: string }> }> };
}
interface Hpa extends K8sObject {
  spec: {
    metrics: Array<{
      type: string;
      resource?: { name: string };
      pods?: { metric: { name: string; selector?: { matchLabels?: Record<string, string> } }; target: object };
    }>;
  };
}
interface Dashboard {
  uid: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}

const dist = (path: string) => import(pathToFileURL(join(repoRoot, path)).href);

/** Names of every metric the services register, from their compiled code (histograms by their base name). */
async function exportedMetricNames(): Promise<Set<string>> {
  const kit = await dist('services/kit/dist/index.js');
  const { createGatewayMetrics } = await dist('services/gateway/dist/http/metrics.js');
  const { registerLinkMetrics } = await dist('services/link/dist/metrics.js');
  const { registerNotificationMetrics, countingSender } = await dist('services/notification/dist/metrics.js');
  const logger = { debug: () => undefined, warn: () => undefined };
  const names = new Set<string>();
  const collect = (registry: { getMetricsAsArray(): Array<{ name: string }> }) => {
    for (const m of registry.getMetricsAsArray()) names.add(m.name);
  };
  const gatewayRegistry = kit.createMetricsRegistry('gateway');
  createGatewayMetrics(gatewayRegistry);
  collect(gatewayRegistry);
  // Nothing is read before a scrape: the database handles are never called here.
  const linkRegistry = kit.createMetricsRegistry('link');
  registerLinkMetrics(linkRegistry, {}, logger);
  collect(linkRegistry);
  const notificationRegistry = kit.createMetricsRegistry('notification');
  registerNotificationMetrics(notificationRegistry, {}, logger);
  countingSender({ send: async () => undefined, close: () => undefined }, notificationRegistry);
  collect(notificationRegistry);
  return names;
}

/** Metric names a PromQL expression reads (suffixes of histogram series dropped). */
function metricsIn(expr: string): string[] {
  const names = expr.match(/\b(ferry|certmanager|process|nodejs)_[a-z0-9_]+/g) ?? [];
  return [...new Set(names.map((n) => n.replace(/_(bucket|sum|count)$/, '')))];
}

let exported: Set<string>;
beforeAll(async () => {
  exported = await exportedMetricNames();
});

const dashboard = JSON.parse(
  readFileSync(join(k8sDir, 'base', 'monitoring', 'ferry-dashboard.json'), 'utf8'),
) as Dashboard;

it('knows the metrics the issue names from the compiled code (a renamed metric fails here first)', () => {
  for (const name of [
    'ferry_gateway_redirects_total',
    'ferry_gateway_http_request_duration_seconds',
    'ferry_gateway_link_cache_lookups_total',
    'ferry_gateway_download_count_batches_pending',
    'ferry_outbox_depth',
    'ferry_outbox_oldest_age_seconds',
    'ferry_mails_sent_total',
    'ferry_mail_send_failures_total',
    'ferry_sweeper_lag_seconds',
    'ferry_gateway_stripe_webhook_failures_total',
    'process_cpu_user_seconds_total',
  ])
    expect(exported, name).toContain(name);
});

it('the dashboard charts only exported metrics, and every metric the issue names', () => {
  expect(dashboard.uid).toBe('ferry-overview');
  const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricsIn(t.expr))));
  for (const name of used) if (!name.startsWith('certmanager_')) expect(exported, `dashboard: ${name}`).toContain(name);
  for (const name of [...exported].filter((n) => n.startsWith('ferry_')))
    expect(used, `a panel for ${name}`).toContain(name);
  expect(used).toContain('certmanager_certificate_expiration_timestamp_seconds');
});

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const maps = configMaps(objects);

  it.each(scraped.map((s) => [s.name, s] as const))(
    '%s: a metrics port, its variable, scrape annotations',
    (name, s) => {
      const d = find<Deployment & { spec: { template: { metadata: { annotations?: Record<string, string> } } } }>(
        objects,
        'Deployment',
        name,
      );
      const container = mainContainer(d);
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: METRICS_PORT, protocol: 'TCP' });
      expect(containerEnv(container, maps).env[`${s.prefix}_METRICS_PORT`]).toBe(String(METRICS_PORT));
      expect(d.spec.template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(METRICS_PORT),
        'prometheus.io/path': '/metrics',
      });
    },
  );

  it('the gateway writes no request lines, as the privacy policy says', () => {
    const { env } = containerEnv(mainContainer(find<Deployment>(objects, 'Deployment', gateway.name)), maps);
    expect(env.LOG_REQUESTS).toBe('0');
    expect(env.ACCESS_LOG_SAMPLE).toBeUndefined();
  });

  it('a PodMonitor scrapes the metrics port of exactly the four services', () => {
    const monitor = find<PodMonitor>(objects, 'PodMonitor', 'ferry');
    expect(monitor.spec.podMetricsEndpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '15s' }]);
    expect(monitor.spec.selector.matchExpressions).toEqual([
      { key: 'app.kubernetes.io/name', operator: 'In', values: scraped.map((s) => s.name) },
    ]);
  });

  it('alerts on redirect p99, 5xx rate, outbox age and certificate expiry, from exported metrics', () => {
    const rules = find<PrometheusRule>(objects, 'PrometheusRule', 'ferry').spec.groups.flatMap((g) => g.rules);
    const byName = new Map(rules.map((r) => [r.alert, r.expr]));
    expect(byName.get('FerryRedirectP99Slow')).toMatch(
      /histogram_quantile\(0\.99,.*ferry_gateway_http_request_duration_seconds_bucket\{route="\/api\/d"\}/,
    );
    expect(byName.get('FerryHigh5xxRate')).toMatch(/ferry_gateway_http_requests_total\{code=~"5\.\."\}/);
    expect(byName.get('FerryOutboxOld')).toMatch(/ferry_outbox_oldest_age_seconds/);
    expect(byName.get('FerryCertificateExpiresSoon')).toMatch(/certmanager_certificate_expiration_timestamp_seconds/);
    for (const { alert, expr } of rules)
      for (const name of metricsIn(expr))
        if (!name.startsWith('certmanager_')) expect(exported, `${alert}: ${name}`).toContain(name);
  });

  it('ships the dashboard as a ConfigMap for Grafana\u2019s sidecar', () => {
    const map = find<K8sObject & { data: Record<string, string>; metadata: { labels?: Record<string, string> } }>(
      objects,
      'ConfigMap',
      'ferry-grafana-dashboard',
    );
    expect(map.metadata.labels?.grafana_dashboard).toBe('1');
    expect(JSON.parse(map.data['ferry-dashboard.json']!)).toEqual(dashboard);
  });

  it('link and notification scale on CPU and on their outbox lag (one fixed pod in dev)', () => {
    if (overlay === 'dev') {
      expect(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')).toEqual([]);
      return;
    }
    for (const [name, outbox] of [
      ['link', 'first_download'],
      ['notification', 'mail'],
    ] as const) {
      const metrics = find<Hpa>(objects, 'HorizontalPodAutoscaler', name).spec.metrics;
      expect(metrics.map((m) => m.type).sort(), name).toEqual(['Pods', 'Resource']);
      expect(metrics.find((m) => m.type === 'Resource')?.resource?.name).toBe('cpu');
      const pods = metrics.find((m) => m.type === 'Pods')!.pods!;
      expect(pods.metric).toEqual({ name: 'ferry_outbox_oldest_age_seconds', selector: { matchLabels: { outbox } } });
      expect(exported).toContain(pods.metric.name);
    }
  });
});
