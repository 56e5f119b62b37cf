import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Counter, createMetricsRegistry, registerOutboxMetrics, startMetricsServer } from './metrics.js';

const logger = pino({ level: 'silent' });

describe('metrics', () => {
  it('listens on 127.0.0.1 unless a host is given', async () => {
    const server = await startMetricsServer({ registry: createMetricsRegistry('gateway'), port: 0, logger });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      await expect(fetch(`http://[::1]:${server.port}/metrics`)).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('serves GET /metrics in the text format on its own port, with the service label and the process metrics', async () => {
    const registry = createMetricsRegistry('link');
    new Counter({ name: 'ferry_test_total', help: 'a test counter', registers: [registry] }).inc(2);
    const server = await startMetricsServer({ registry, port: 0, host: '127.0.0.1', logger });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('# TYPE ferry_test_total counter');
      expect(text).toMatch(/^ferry_test_total\{service="link"\} 2$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total\{service="link"\} /m);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('reads each outbox once per scrape; a failed read leaves the series out instead of failing the page', async () => {
    const registry = createMetricsRegistry('notification');
    let reads = 0;
    let fail = false;
    const now = Date.parse('2026-01-01T00:10:00Z');
    registerOutboxMetrics(
      registry,
      async () => {
        reads++;
        if (fail) throw new Error('database down');
        return [
          { outbox: 'mail', depth: 3, oldestCreatedAt: new Date('2026-01-01T00:00:00Z') },
          { outbox: 'empty', depth: 0, oldestCreatedAt: null },
        ];
      },
      logger,
      () => now,
    );
    const text = await registry.metrics();
    expect(reads).toBe(1);
    expect(text).toMatch(/^ferry_outbox_depth\{outbox="mail",service="notification"\} 3$/m);
    expect(text).toMatch(/^ferry_outbox_oldest_age_seconds\{outbox="mail",service="notification"\} 600$/m);
    expect(text).toMatch(/^ferry_outbox_oldest_age_seconds\{outbox="empty",service="notification"\} 0$/m);

    const failing = createMetricsRegistry('notification');
    fail = true;
    registerOutboxMetrics(
      failing,
      async () => {
        throw new Error('database down');
      },
      logger,
    );
    const page = await failing.metrics();
    expect(page).toContain('# TYPE ferry_outbox_depth gauge');
    expect(page).not.toMatch(/^ferry_outbox_depth\{/m);
    expect(page).toMatch(/^process_cpu_user_seconds_total/m);
  });
});
