import { describe, expect, it } from 'vitest';
import { gateway, grpcServices, namespaces, overlays, serviceShutdownGraceSeconds } from './lib/inventory.js';
import { find, maybeFind, renderOverlay, type K8sObject } from './lib/render.js';
import {
  allContainers,
  configMaps,
  deployments,
  mainContainer,
  plainEnv,
  type Container,
  type Deployment,
  type Service,
} from './lib/workload.js';

const cpuMillis = (q: string) => (q.endsWith('m') ? Number(q.slice(0, -1)) : Number(q) * 1000);
const memBytes = (q: string) => {
  const units: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  const m = /^(\d+)(Ki|Mi|Gi)?$/.exec(q);
  if (!m) throw new Error(`unexpected memory quantity ${q}`);
  return Number(m[1]) * (m[2] ? units[m[2]]! : 1);
};

function preStopSleepSeconds(c: Container): number {
  const preStop = c.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const cmd = preStop?.exec?.command ?? [];
  if (cmd[0] === 'sleep' && /^\d+$/.test(cmd[1] ?? '')) return Number(cmd[1]);
  throw new Error(`container ${c.name} has no preStop sleep`);
}

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const ns = namespaces[overlay];
  const cms = configMaps(objects);

  describe.each(deployments(objects).map((d) => [d.metadata.name, d] as const))('Deployment %s', (name, d) => {
    const pod = d.spec.template.spec;

    it('runs as non-root with the RuntimeDefault seccomp profile and no service account token', () => {
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
      expect(pod.automountServiceAccountToken).toBe(false);
    });

    it('hardens every container: read-only root, no privilege escalation, all capabilities dropped, writable /tmp', () => {
      for (const c of allContainers(d)) {
        const sc = c.securityContext;
        expect(sc?.allowPrivilegeEscalation, c.name).toBe(false);
        expect(sc?.readOnlyRootFilesystem, c.name).toBe(true);
        expect(sc?.privileged ?? false, c.name).toBe(false);
        expect(sc?.capabilities?.drop, c.name).toContain('ALL');
        expect(sc?.capabilities?.add ?? [], c.name).toEqual([]);
        expect(sc?.runAsUser ?? pod.securityContext?.runAsUser, c.name).not.toBe(0);
        const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect(tmp, `${c.name} mounts no /tmp`).toBeDefined();
        expect(
          pod.volumes?.find((v) => v.name === tmp!.name)?.emptyDir,
          `${c.name}: /tmp is not an emptyDir`,
        ).toBeDefined();
      }
    });

    it('sets CPU and memory requests and limits on every container, requests within limits', () => {
      for (const c of allContainers(d)) {
        const r = c.resources;
        for (const key of ['cpu', 'memory']) {
          expect(r?.requests?.[key], `${c.name} requests.${key}`).toBeDefined();
          expect(r?.limits?.[key], `${c.name} limits.${key}`).toBeDefined();
        }
        expect(cpuMillis(r!.requests!.cpu!)).toBeLessThanOrEqual(cpuMillis(r!.limits!.cpu!));
        expect(memBytes(r!.requests!.memory!)).toBeLessThanOrEqual(memBytes(r!.limits!.memory!));
      }
    });

    it('has liveness and readiness probes, a preStop sleep, and a grace period longer than preStop + drain', () => {
      const c = mainContainer(d);
      expect(c.livenessProbe, 'livenessProbe').toBeDefined();
      expect(c.readinessProbe, 'readinessProbe').toBeDefined();
      const sleep = preStopSleepSeconds(c);
      expect(sleep).toBeGreaterThan(0);
      expect(pod.terminationGracePeriodSeconds ?? 30).toBeGreaterThan(sleep + serviceShutdownGraceSeconds);
    });

    it('pins its images to an explicit tag or digest', () => {
      for (const c of allContainers(d)) {
        expect(c.image, c.name).toMatch(/(@sha256:[0-9a-f]{64}|:[A-Za-z0-9._-]+)$/);
        expect(c.image, c.name).not.toMatch(/:latest$/);
      }
    });

    if (name.startsWith('mfe-') || name === 'shell' || name === gateway.name) return;
    if (!grpcServices.some((s) => s.name === name)) return;
    const svc = grpcServices.find((s) => s.name === name)!;

    it(`serves gRPC on ${svc.port} with native grpc probes, behind a headless Service`, () => {
      const c = mainContainer(d);
      // The metrics port beside it: observability.test.ts.
      expect(c.ports).toEqual([
        expect.objectContaining({ name: 'grpc', containerPort: svc.port }),
        expect.objectContaining({ name: 'metrics' }),
      ]);
      expect(plainEnv(c, cms, `${svc.prefix}_PORT`)).toBe(String(svc.port));
      expect(c.readinessProbe?.grpc?.port).toBe(svc.port);
      expect(c.livenessProbe?.grpc?.port).toBe(svc.port);
      const s = find<Service>(objects, 'Service', name);
      expect(s.spec.clusterIP).toBe('None');
      expect(s.spec.ports).toEqual([expect.objectContaining({ port: svc.port, appProtocol: 'grpc' })]);
    });

    it('runs its migrations first, with its own image and its database URL from a Secret', () => {
      const init = pod.initContainers ?? [];
      expect(init.map((c) => c.name)).toEqual(['migrate']);
      const m = init[0]!;
      expect(m.image).toBe(mainContainer(d).image);
      expect(m.command).toEqual(['npm', 'run', 'migrate', '-w', `@ferry/${name}`]);
      expect(m.workingDir).toBe('/app');
      const url = m.env?.find((e) => e.name === `${svc.prefix}_DATABASE_URL`);
      expect(url?.valueFrom?.secretKeyRef?.name).toBe(`${name}-secrets`);
      expect(
        mainContainer(d).env?.find((e) => e.name === `${svc.prefix}_DATABASE_URL`)?.valueFrom?.secretKeyRef,
      ).toBeDefined();
    });

    it('has a PodDisruptionBudget that never blocks a drain', () => {
      const pdb = find(objects, 'PodDisruptionBudget', name) as K8sObject & {
        spec: { maxUnavailable?: number; selector: object };
      };
      expect(pdb.spec.maxUnavailable).toBe(1);
      expect(pdb.spec.selector).toEqual({ matchLabels: d.spec.selector.matchLabels });
    });
  });

  describe('gateway', () => {
    const d = find<Deployment>(objects, 'Deployment', gateway.name);
    const c = mainContainer(d);

    it('serves HTTP on 8080 with /api/livez liveness and /api/readyz readiness', () => {
      expect(c.ports).toEqual([
        expect.objectContaining({ name: 'http', containerPort: gateway.port }),
        expect.objectContaining({ name: 'metrics' }),
      ]);
      expect(plainEnv(c, cms, 'GATEWAY_PORT')).toBe(String(gateway.port));
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/api/livez', port: 'http' });
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/api/readyz', port: 'http' });
    });

    it.each(grpcServices)('reaches $name through dns:/// on its headless Service in this namespace', (svc) => {
      expect(plainEnv(c, cms, `${svc.prefix}_ADDR`)).toBe(`dns:///${svc.name}.${ns}.svc.cluster.local:${svc.port}`);
      expect(plainEnv(c, cms, 'GRPC_DEADLINE_MS')).toMatch(/^\d+$/);
    });

    it('autoscales with at least two pods and keeps one up outside dev', () => {
      const hpa = maybeFind(objects, 'HorizontalPodAutoscaler', gateway.name) as
        | (K8sObject & {
            spec: { minReplicas: number; maxReplicas: number; scaleTargetRef: { kind: string; name: string } };
          })
        | undefined;
      const pdb = maybeFind(objects, 'PodDisruptionBudget', gateway.name);
      expect(d.spec.replicas, 'replicas belong to the HPA').toBeUndefined();
      if (overlay === 'dev') {
        expect(hpa).toBeUndefined();
        expect(
          (pdb as K8sObject & { spec: { maxUnavailable: number } }).spec.maxUnavailable,
          'a one-pod dev gateway must not block a drain',
        ).toBe(1);
        return;
      }
      expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: gateway.name });
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
      expect((pdb as K8sObject & { spec: { minAvailable: number } }).spec.minAvailable).toBe(1);
    });
  });

  it('runs every workload with one replica in dev and at least two elsewhere (or an autoscaler owns the count)', () => {
    const autoscaled = new Set<string>([gateway.name, ...grpcServices.map((s) => s.name)]);
    for (const d of deployments(objects)) {
      if (autoscaled.has(d.metadata.name) && overlay !== 'dev') {
        expect(d.spec.replicas, `${d.metadata.name}: replicas belong to the HPA`).toBeUndefined();
        continue;
      }
      if (d.metadata.name === gateway.name) continue;
      if (overlay === 'dev') expect(d.spec.replicas ?? 1, d.metadata.name).toBe(1);
      else expect(d.spec.replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
    }
  });
});
