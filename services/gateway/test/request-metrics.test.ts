import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetricsRegistry, type Registry } from '@ferry/service-kit';
import { accessLogLevel, accessLogPolicy, LOG_EVERY_REQUEST } from '../src/http/access-log.js';
import { createGatewayMetrics, routeOf } from '../src/http/metrics.js';
import { observeRequests } from '../src/http/request-observer.js';
import { capturingLogger } from './helpers.js';

const value = async (registry: Registry, name: string, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = (metric?.values ?? []).find((v) =>
    Object.entries(labels).every(([k, l]) => String((v.labels as Record<string, unknown>)[k]) === l),
  );
  return found?.value;
};

describe('request metrics and the access log policy', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it('reads routes without ids in the label', () => {
    expect(routeOf('/api/d/abc12345?x=1')).toBe('/api/d');
    expect(routeOf('/d/abc12345')).toBe('/d');
    expect(routeOf('/abc12345')).toBe('/{slug}');
    expect(routeOf('/abc12345?utm=1')).toBe('/{slug}');
    expect(routeOf('/upload')).toBe('web');
    expect(routeOf('/api/shorten')).toBe('/api');
    expect(routeOf('/static/js/x.js')).toBe('web');
  });

  it('counts and times answers by route and code, sync and async, and webhook failures; logs by the policy', async () => {
    const registry = createMetricsRegistry('gateway');
    const metrics = createGatewayMetrics(registry);
    const { logger, lines } = capturingLogger();
    const listener = observeRequests(
      (req, res) => {
        if (req.url?.startsWith('/api/d/')) {
          res.writeHead(req.url.endsWith('boom') ? 502 : 302, { location: 'https://drive.example/x' }).end();
          return;
        }
        // Express rewrites req.url while routing: the observer must use the one the request came with.
        const original = req.url;
        req.url = '/index.html';
        setTimeout(() => res.writeHead(original === '/api/stripe/webhook' ? 400 : 200).end('ok'), 5);
      },
      { metrics, logger, accessLog: { logRequests: true, hotPathSample: 0 } },
    );
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/api/d/abc12345`, { redirect: 'manual' })).arrayBuffer();
    await (await fetch(`${base}/api/d/abc12345boom`, { redirect: 'manual' })).arrayBuffer();
    await (await fetch(`${base}/abc12345`)).arrayBuffer();
    await (await fetch(`${base}/api/stripe/webhook`, { method: 'POST', body: '{}' })).arrayBuffer();

    const requests = 'ferry_gateway_http_requests_total';
    expect(await value(registry, requests, { route: '/api/d', code: '302', service: 'gateway' })).toBe(3);
    expect(await value(registry, requests, { route: '/api/d', code: '502' })).toBe(1);
    expect(await value(registry, requests, { route: '/{slug}', code: '200' })).toBe(1);
    expect(await value(registry, requests, { route: '/api', code: '400' })).toBe(1);
    expect(
      await value(registry, 'ferry_gateway_http_request_duration_seconds', { route: '/{slug}', le: '0.001' }),
    ).toBe(0);
    expect(await value(registry, 'ferry_gateway_http_request_duration_seconds', { route: '/{slug}', le: '+Inf' })).toBe(
      1,
    );
    expect(await value(registry, 'ferry_gateway_stripe_webhook_failures_total', { code: '400' })).toBe(1);

    // Sample 0: no line for the 302s; the 502 is always written; the download page is the hot path too.
    const written = lines.filter((l) => l.msg === 'request completed') as Array<{
      level: number;
      req: { url: string };
    }>;
    expect(written.map((l) => [l.req.url, l.level])).toEqual([['/api/d/abc12345boom', 40]]);
  });

  it('by default writes nothing for a redirect or a page, and a line for a 5xx', async () => {
    const quiet = accessLogPolicy({ ACCESS_LOG_SAMPLE: 1 });
    expect(quiet).toEqual(accessLogPolicy({ LOG_REQUESTS: '0' }));
    const { logger, lines } = capturingLogger();
    const listener = observeRequests(
      (req, res) => {
        if (req.url === '/api/d/abc12345') res.writeHead(302, { location: 'https://drive.example/x' }).end();
        else if (req.url === '/abc12345') res.writeHead(200).end('page');
        else res.writeHead(502).end();
      },
      { metrics: createGatewayMetrics(createMetricsRegistry('gateway')), logger, accessLog: quiet },
    );
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/api/d/abc12345`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${base}/api/d/broken123`, { redirect: 'manual' })).status).toBe(502);
    expect(lines.map((l) => (l as { req?: { url: string } }).req?.url)).toEqual(['/api/d/broken123']);
    for (const [url, status] of [
      ['/api/d/abc12345', 302],
      ['/abc12345', 200],
      ['/d/abc12345', 200],
      ['/api/links', 200],
    ] as const)
      expect(accessLogLevel(quiet, url, status)).toBeUndefined();
    expect(accessLogLevel(quiet, '/abc12345', 500)).toBe('warn');
    expect(accessLogLevel(accessLogPolicy({ LOG_REQUESTS: '1' }), '/api/d/abc12345', 302)).toBe('info');
    expect(accessLogLevel(accessLogPolicy({ LOG_REQUESTS: '1', ACCESS_LOG_SAMPLE: 0 }), '/abc12345', 200)).toBe(
      undefined,
    );
  });

  it('writes lines as LOG_REQUESTS and ACCESS_LOG_SAMPLE say, and never warns for a probe', () => {
    const quiet = { logRequests: false, hotPathSample: 1 };
    expect(accessLogLevel(quiet, '/abc12345', 200)).toBeUndefined();
    expect(accessLogLevel(quiet, '/api/links', 200)).toBeUndefined();
    expect(accessLogLevel(quiet, '/api/links', 503)).toBe('warn');
    expect(accessLogLevel(quiet, '/api/health', 503)).toBeUndefined();
    expect(accessLogLevel(LOG_EVERY_REQUEST, '/api/health', 503)).toBe('info');
    expect(accessLogLevel(LOG_EVERY_REQUEST, '/api/links', 200)).toBe('info');
    expect(accessLogLevel(LOG_EVERY_REQUEST, '/api/d/abc12345', 302)).toBe('info');
    const sampled = { logRequests: true, hotPathSample: 0.1 };
    let logged = 0;
    for (let i = 0; i < 10_000; i++) if (accessLogLevel(sampled, '/abc12345', 200)) logged++;
    expect(logged).toBeGreaterThan(800);
    expect(logged).toBeLessThan(1200);
  });
});
