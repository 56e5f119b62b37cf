import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { k8sDir, type Overlay } from './inventory.js';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

let kubectlChecked = false;

function assertKubectl(): void {
  if (kubectlChecked) return;
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'pipe', env: offlineEnv() });
  } catch (err) {
    throw new Error(
      'kubectl is needed to render the Kustomize overlays (`kubectl kustomize`, offline) but was not found or failed: ' +
        `${(err as Error).message}. Install kubectl (Debian: the google-cloud-cli or kubernetes-client package).`,
    );
  }
  kubectlChecked = true;
}

/** KUBECONFIG=/dev/null: kubectl has no server to talk to (its default, localhost:8080, is the gateway's port). */
function offlineEnv(): NodeJS.ProcessEnv {
  return { ...process.env, KUBECONFIG: '/dev/null' };
}

const cache = new Map<string, K8sObject[]>();

/** Renders a kustomization directory (relative to deploy/k8s) with `kubectl kustomize`. */
export function render(path: string): K8sObject[] {
  const cached = cache.get(path);
  if (cached) return cached;
  assertKubectl();
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', join(k8sDir, path)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: offlineEnv(),
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as Error & { stderr?: string };
    throw new Error(`kubectl kustomize ${path} failed:\n${e.stderr ?? e.message}`);
  }
  const objects: K8sObject[] = [];
  for (const doc of parseAllDocuments(out)) {
    if (doc.errors.length > 0) throw new Error(`rendered YAML of ${path} does not parse: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) objects.push(value);
  }
  cache.set(path, objects);
  return objects;
}

export function renderOverlay(overlay: Overlay): K8sObject[] {
  return render(`overlays/${overlay}`);
}

export function find<T = K8sObject>(objects: K8sObject[], kind: string, name: string): T {
  const hit = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!hit) throw new Error(`${kind}/${name} is missing`);
  return hit as T;
}

export function maybeFind(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/** A generated ConfigMap is named <name>-<hash>. */
export function findGenerated(objects: K8sObject[], kind: string, name: string): K8sObject {
  const hits = objects.filter((o) => o.kind === kind && new RegExp(`^${name}-[a-z0-9]{10}$`).test(o.metadata.name));
  if (hits.length !== 1) throw new Error(`expected one generated ${kind} ${name}-<hash>, found ${hits.length}`);
  return hits[0]!;
}
