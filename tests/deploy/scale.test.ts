/** Scale and disruption: a PodDisruptionBudget for every Deployment, autoscalers for the gRPC services. */
import { describe, expect, it } from 'vitest';
import { gateway, grpcServices, overlays } from './lib/inventory.js';
import { find, maybeFind, renderOverlay, type K8sObject } from './lib/render.js';
import { deployments } from './lib/workload.js';

interface Pdb extends K8sObject {
  spec: {
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    selector: { matchLabels?: Record<string, string> };
  };
}
interface Hpa extends K8sObject {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: Array<{
      type: string;
      resource?: { name: string; target: { type: string; averageUtilization?: number } };
    }>;
  };
}

const autoscaled = [gateway.name, ...grpcServices.map((s) => s.name)];

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);

  it.each(deployments(objects).map((d) => [d.metadata.name, d] as const))(
    'Deployment %s has a PodDisruptionBudget over exactly its pods',
    (name, d) => {
      const pdbs = objects.filter((o): o is Pdb => o.kind === 'PodDisruptionBudget' && o.metadata.name === name);
      expect(pdbs).toHaveLength(1);
      const pdb = pdbs[0]!;
      expect(pdb.spec.selector).toEqual({ matchLabels: d.spec.selector.matchLabels });
      expect(pdb.spec.minAvailable !== undefined || pdb.spec.maxUnavailable !== undefined, 'a budget').toBe(true);
      if (overlay === 'dev')
        expect(pdb.spec.maxUnavailable, 'one pod each in dev: a budget must not block a drain').toBe(1);
    },
  );

  it('has no PodDisruptionBudget without a Deployment', () => {
    const names = new Set(deployments(objects).map((d) => d.metadata.name));
    expect(
      objects
        .filter((o) => o.kind === 'PodDisruptionBudget' && !names.has(o.metadata.name))
        .map((o) => o.metadata.name),
    ).toEqual([]);
  });

  it.each(grpcServices.map((s) => s.name))('%s: autoscaled on CPU outside dev, one fixed pod in dev', (name) => {
    const hpa = maybeFind(objects, 'HorizontalPodAutoscaler', name) as Hpa | undefined;
    const d = find<K8sObject & { spec: { replicas?: number } }>(objects, 'Deployment', name);
    if (overlay === 'dev') {
      expect(hpa).toBeUndefined();
      expect(d.spec.replicas).toBe(1);
      return;
    }
    expect(d.spec.replicas, 'replicas belong to the HPA').toBeUndefined();
    expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    expect(hpa!.spec.metrics).toContainEqual({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
    });
  });

  it('autoscales only the gateway and the gRPC services', () => {
    const hpas = objects
      .filter((o) => o.kind === 'HorizontalPodAutoscaler')
      .map((o) => o.metadata.name)
      .sort();
    expect(hpas).toEqual(overlay === 'dev' ? [] : [...autoscaled].sort());
  });
});
