export const BACKEND_NAMES = ['link', 'notification', 'billing'] as const;
export type BackendName = (typeof BACKEND_NAMES)[number];

export type ProbeStatus = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';
/** Asks one backend for its gRPC health; must resolve (never reject) within its own timeout. */
export type HealthProbe = () => Promise<ProbeStatus>;

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: { gateway: 'SERVING' | 'NOT_SERVING' } & Record<BackendName, ProbeStatus>;
}

export interface HealthChecker {
  report(gatewayServing: boolean): Promise<HealthReport>;
}

interface CacheEntry {
  status: ProbeStatus;
  at: number;
}

/**
 * Checks every backend in parallel. A result is reused for at most `cacheMs` (so a burst of
 * probes costs one gRPC call per backend), and concurrent callers share one in-flight check.
 */
export function createHealthChecker(
  probes: Record<BackendName, HealthProbe>,
  opts: { cacheMs: number; now?: () => number },
): HealthChecker {
  const now = opts.now ?? Date.now;
  const cache = new Map<BackendName, CacheEntry>();
  const inflight = new Map<BackendName, Promise<ProbeStatus>>();

  const check = (name: BackendName): Promise<ProbeStatus> => {
    const cached = cache.get(name);
    if (cached && now() - cached.at < opts.cacheMs) return Promise.resolve(cached.status);
    const running = inflight.get(name);
    if (running) return running;
    const p = probes[name]()
      .catch((): ProbeStatus => 'UNREACHABLE')
      .then((status) => {
        cache.set(name, { status, at: now() });
        inflight.delete(name);
        return status;
      });
    inflight.set(name, p);
    return p;
  };

  return {
    async report(gatewayServing) {
      const results = await Promise.all(BACKEND_NAMES.map(check));
      const backends = Object.fromEntries(BACKEND_NAMES.map((n, i) => [n, results[i]])) as Record<
        BackendName,
        ProbeStatus
      >;
      const allServing = gatewayServing && results.every((s) => s === 'SERVING');
      return {
        status: allServing ? 'ok' : 'degraded',
        services: { gateway: gatewayServing ? 'SERVING' : 'NOT_SERVING', ...backends },
      };
    },
  };
}
