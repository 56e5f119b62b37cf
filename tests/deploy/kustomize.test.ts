import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { k8sDir, namespaces, overlays, workloads } from './lib/inventory.js';
import { find, render, renderOverlay } from './lib/render.js';
import { schemaErrors } from './lib/schema.js';
import type { Deployment, Service } from './lib/workload.js';
import { mainContainer } from './lib/workload.js';

function kustomizationFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...kustomizationFiles(path));
    else if (entry === 'kustomization.yaml') out.push(path);
  }
  return out;
}

describe('kustomizations', () => {
  it('the base and every overlay render offline', () => {
    expect(render('base').length).toBeGreaterThan(0);
    for (const overlay of overlays) expect(renderOverlay(overlay).length).toBeGreaterThan(0);
  });

  it('use only local resources and no deprecated fields', () => {
    const files = kustomizationFiles(k8sDir);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const k = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const where = relative(k8sDir, file);
      for (const r of (k.resources as string[] | undefined) ?? []) {
        expect(r, `${where}: remote resource`).not.toMatch(/^(https?:|git@|github\.com)/);
      }
      for (const field of ['vars', 'bases', 'patchesStrategicMerge', 'patchesJson6902', 'commonLabels']) {
        expect(k, `${where}: deprecated field ${field}`).not.toHaveProperty(field);
      }
    }
  });
});

it('the schema validator rejects a broken object and an unknown kind', () => {
  const broken = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x' },
    spec: {
      selector: {},
      template: { spec: { containers: [{ name: 'x', readinessProbe: { grpc: { port: 'grpc' } } }] } },
    },
  };
  expect(schemaErrors(broken).join()).toMatch(/grpc\/port must be integer/);
  expect(schemaErrors({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } })).toEqual([
    'no schema for example.com/v1 Thing',
  ]);
});

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const ns = namespaces[overlay];

  it('every object is valid against the Kubernetes schemas', () => {
    const problems = objects.flatMap((o) => schemaErrors(o).map((e) => `${o.kind}/${o.metadata.name}: ${e}`));
    expect(problems).toEqual([]);
  });

  it(`everything lives in namespace ${ns}, which enforces the restricted Pod Security Standard`, () => {
    const namespace = find(objects, 'Namespace', ns);
    expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) {
      expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(ns);
    }
  });

  it('has no two objects of the same kind and name', () => {
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it.each(workloads)('%s: one name for folder, Deployment, Service, container, image and labels', (name) => {
    const d = find<Deployment>(objects, 'Deployment', name);
    const s = find<Service>(objects, 'Service', name);
    const c = mainContainer(d);
    expect(statSync(join(k8sDir, 'base', name)).isDirectory()).toBe(true);
    expect(c.image.split('@')[0]!.split(':')[0]!.split('/').pop()).toBe(name);
    expect(d.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
    expect(d.spec.template.metadata.labels['app.kubernetes.io/name']).toBe(name);
    expect(d.spec.template.metadata.labels['app.kubernetes.io/part-of']).toBe('ferry');
    expect(s.spec.selector).toEqual({ 'app.kubernetes.io/name': name });
    for (const port of s.spec.ports) {
      const target = c.ports?.find((p) => p.name === port.targetPort || p.containerPort === port.targetPort);
      expect(target, `Service ${name} port ${port.name} targets no container port`).toBeDefined();
    }
  });
});
