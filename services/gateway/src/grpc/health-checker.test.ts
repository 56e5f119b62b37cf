import { describe, expect, it } from 'vitest';
import { createHealthChecker, type HealthProbe, type ProbeStatus } from './health-checker.js';

function countingProbe(status: () => ProbeStatus): HealthProbe & { calls: number } {
  const probe = Object.assign(
    async () => {
      probe.calls++;
      return status();
    },
    { calls: 0 },
  );
  return probe;
}

describe('createHealthChecker', () => {
  it('is ok only when every backend serves', async () => {
    let billing: ProbeStatus = 'SERVING';
    const checker = createHealthChecker(
      {
        link: async () => 'SERVING',
        notification: async () => 'SERVING',
        billing: async () => billing,
      },
      { cacheMs: 0 },
    );
    expect(await checker.report(true)).toEqual({
      status: 'ok',
      services: { gateway: 'SERVING', link: 'SERVING', notification: 'SERVING', billing: 'SERVING' },
    });
    billing = 'UNREACHABLE';
    expect((await checker.report(true)).status).toBe('degraded');
  });

  it('reports a draining gateway as degraded', async () => {
    const ok: HealthProbe = async () => 'SERVING';
    const checker = createHealthChecker({ link: ok, notification: ok, billing: ok }, { cacheMs: 0 });
    const report = await checker.report(false);
    expect(report.status).toBe('degraded');
    expect(report.services.gateway).toBe('NOT_SERVING');
  });

  it('treats a probe that throws as unreachable', async () => {
    const ok: HealthProbe = async () => 'SERVING';
    const checker = createHealthChecker(
      { link: ok, notification: ok, billing: () => Promise.reject(new Error('boom')) },
      { cacheMs: 0 },
    );
    expect((await checker.report(true)).services.billing).toBe('UNREACHABLE');
  });

  it('reuses a result for at most cacheMs and shares in-flight checks', async () => {
    let clock = 1_000;
    const link = countingProbe(() => 'SERVING');
    const ok: HealthProbe = async () => 'SERVING';
    const checker = createHealthChecker({ link, notification: ok, billing: ok }, { cacheMs: 1_000, now: () => clock });
    await Promise.all([checker.report(true), checker.report(true), checker.report(true)]);
    expect(link.calls).toBe(1);
    clock += 999;
    await checker.report(true);
    expect(link.calls).toBe(1);
    clock += 1;
    await checker.report(true);
    expect(link.calls).toBe(2);
  });
});
