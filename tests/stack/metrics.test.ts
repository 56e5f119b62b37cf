import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { mailInbox } from '../support/inbox.ts';
import { parsePrometheusText, type MetricFamily, type Sample } from '../support/prometheus-text.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

type Service = 'gateway' | 'link' | 'notification' | 'billing';

/** GET a short link as a browser would: to the gateway on this machine, with the link's own Host (the sender's subdomain). */
function getShortLink(shortUrl: string): Promise<number> {
  const url = new URL(shortUrl);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: url.host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Each service's GET /metrics after real traffic: a shorten, downloads through /api/d and the
 * download page, a share mail through notification to the mail stand-in, and a Stripe webhook
 * with a bad signature. The pages are parsed as the Prometheus text format; the metrics the
 * operators' dashboard and alerts use must be there with their types, labels and values.
 */
describe('Prometheus metrics of every service', () => {
  let stack: SuiteStack | undefined;
  let urls: Record<Service, string>;
  let slug: string;
  let downloadPageStatus: number;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const recipient = `metrics-${run}@example.com`;

  const scrape = async (service: Service): Promise<Map<string, MetricFamily>> => {
    const res = await fetch(urls[service]);
    expect(res.status, `${service} /metrics`).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await res.text());
  };
  const family = (families: Map<string, MetricFamily>, name: string, type: MetricFamily['type']) => {
    const f = families.get(name);
    expect(f, `${name} is exported`).toBeDefined();
    expect(f!.type, `${name} type`).toBe(type);
    expect(f!.help, `${name} has help`).not.toBe('');
    return f!;
  };
  const sample = (f: MetricFamily, labels: Record<string, string>, name = f.name): Sample => {
    const found = f.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    expect(found, `${name}${JSON.stringify(labels)}`).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    stack = await stackForSuite();
    if (!stack.metricsUrls) throw new Error('the runner did not name the metrics endpoints (FERRY_METRICS_URLS)');
    urls = stack.metricsUrls;
    const { baseUrl, driveRootUrl } = stack;
    const alice = await signInAsWebApp(stack, `alice-${run}@example.com`);
    const authed = { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' };
    const create = async (meta: object) => {
      const res = await fetch(`${driveRootUrl}/drive/v3/files`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify(meta),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({
      name: 'm.pdf',
      mimeType: 'application/pdf',
      parents: [root],
      appProperties: { ferry: '1' },
    });
    await fetch(`${driveRootUrl}/drive/v3/files/${fileId}/permissions`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const shorten = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({ fileId, fileName: 'm.pdf' }),
    });
    expect(shorten.status).toBe(201);
    const link = (await shorten.json()) as { shortId: string; shortUrl: string };
    slug = link.shortId;

    for (let i = 0; i < 3; i++) {
      const download = await fetch(`${baseUrl}/api/d/${slug}`, { redirect: 'manual' });
      expect(download.status).toBe(302);
    }
    // The page that sends the browser on to /api/d (a redirect, or the app that makes it).
    downloadPageStatus = (await fetch(`${baseUrl}/d/${slug}`, { redirect: 'manual' })).status;
    expect(downloadPageStatus).toBeLessThan(400);
    expect(await getShortLink(link.shortUrl)).toBe(200);
    const share = await fetch(`${baseUrl}/api/share-email`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({ slug, recipients: recipient }),
    });
    expect(share.status).toBeLessThan(300);
    const webhook = await fetch(`${baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=bad' },
      body: '{"id":"evt_metrics","type":"invoice.paid"}',
    });
    expect(webhook.status).toBe(400);
    const inbox = mailInbox(stack.mailInboxUrl);
    await waitFor('the share mail in the inbox', async () => (await inbox.mailsTo(recipient)).length > 0, 30_000);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('the gateway: redirects counted and timed by route, cache hits and misses, count batches, webhook failures', async () => {
    const m = await scrape('gateway');
    const requests = family(m, 'ferry_gateway_http_requests_total', 'counter');
    expect(sample(requests, { route: '/api/d', code: '302', service: 'gateway' }).value).toBeGreaterThanOrEqual(3);
    expect(sample(requests, { route: '/d', code: String(downloadPageStatus) }).value).toBeGreaterThanOrEqual(1);
    expect(sample(requests, { route: '/{slug}', code: '200' }).value).toBeGreaterThanOrEqual(1);
    expect(sample(requests, { route: '/api', code: '201' }).value).toBeGreaterThanOrEqual(1);

    const duration = family(m, 'ferry_gateway_http_request_duration_seconds', 'histogram');
    const count = sample(duration, { route: '/api/d' }, 'ferry_gateway_http_request_duration_seconds_count').value;
    expect(count).toBeGreaterThanOrEqual(3);
    const inf = sample(duration, { route: '/api/d', le: '+Inf' }, 'ferry_gateway_http_request_duration_seconds_bucket');
    expect(inf.value).toBe(count);
    expect(
      sample(duration, { route: '/api/d' }, 'ferry_gateway_http_request_duration_seconds_sum').value,
    ).toBeGreaterThan(0);

    expect(family(m, 'ferry_gateway_redirects_total', 'counter').samples[0]!.value).toBeGreaterThanOrEqual(3);
    const cache = family(m, 'ferry_gateway_link_cache_lookups_total', 'counter');
    expect(sample(cache, { result: 'hit' }).value).toBeGreaterThanOrEqual(1);
    expect(sample(cache, { result: 'miss' }).value).toBeGreaterThanOrEqual(1);
    expect(family(m, 'ferry_gateway_download_count_batches_pending', 'gauge').samples[0]!.value).toBeGreaterThanOrEqual(
      0,
    );
    expect(family(m, 'ferry_gateway_download_counts_pending', 'gauge').samples[0]!.value).toBeGreaterThanOrEqual(0);
    const webhooks = family(m, 'ferry_gateway_stripe_webhook_failures_total', 'counter');
    expect(sample(webhooks, { code: '400' }).value).toBeGreaterThanOrEqual(1);
    family(m, 'process_cpu_user_seconds_total', 'counter');
    family(m, 'nodejs_eventloop_lag_seconds', 'gauge');
  });

  it('the gateway public port does not serve /metrics', async () => {
    const res = await fetch(`${stack!.baseUrl}/metrics`);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
    expect(await res.text()).not.toContain('ferry_gateway_http_requests_total');
  });

  it('link: its outboxes and the sweeper lag', async () => {
    const m = await scrape('link');
    const depth = family(m, 'ferry_outbox_depth', 'gauge');
    const age = family(m, 'ferry_outbox_oldest_age_seconds', 'gauge');
    for (const outbox of ['first_download', 'cleanup_notice']) {
      expect(sample(depth, { outbox, service: 'link' }).value).toBeGreaterThanOrEqual(0);
      expect(sample(age, { outbox }).value).toBeGreaterThanOrEqual(0);
    }
    expect(family(m, 'ferry_sweeper_lag_seconds', 'gauge').samples[0]!.value).toBeGreaterThanOrEqual(0);
    family(m, 'process_resident_memory_bytes', 'gauge');
  });

  it('notification: the mail outbox, mails sent and failed', async () => {
    // The relay records the send after the stand-in took it: the counter follows within a moment.
    await waitFor('the share mail counted as sent', async () => {
      const sent = (await scrape('notification')).get('ferry_mails_sent_total');
      return (sent?.samples[0]?.value ?? 0) >= 1;
    });
    const m = await scrape('notification');
    family(m, 'ferry_mails_sent_total', 'counter');
    const failures = family(m, 'ferry_mail_send_failures_total', 'counter');
    expect(sample(failures, { permanent: 'true' }).value).toBeGreaterThanOrEqual(0);
    expect(sample(failures, { permanent: 'false' }).value).toBeGreaterThanOrEqual(0);
    expect(
      sample(family(m, 'ferry_outbox_depth', 'gauge'), { outbox: 'mail', service: 'notification' }).value,
    ).toBeGreaterThanOrEqual(0);
    expect(
      sample(family(m, 'ferry_outbox_oldest_age_seconds', 'gauge'), { outbox: 'mail' }).value,
    ).toBeGreaterThanOrEqual(0);
  });

  it('billing: the process metrics under its name', async () => {
    const m = await scrape('billing');
    expect(
      sample(family(m, 'process_cpu_user_seconds_total', 'counter'), { service: 'billing' }).value,
    ).toBeGreaterThan(0);
    family(m, 'nodejs_heap_size_used_bytes', 'gauge');
  });
});
