/** Typed views of the parts of a Deployment the tests look at. */
import type { K8sObject } from './render.js';

export interface Probe {
  grpc?: { port: number; service?: string };
  httpGet?: { path: string; port: number | string };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: Probe & { sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    privileged?: boolean;
    runAsNonRoot?: boolean;
    runAsUser?: number;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; emptyDir?: object; configMap?: { name: string } }>;
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    seccompProfile?: { type: string };
  };
  automountServiceAccountToken?: boolean;
  terminationGracePeriodSeconds?: number;
}
export interface Deployment extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}
export interface Service extends K8sObject {
  spec: {
    clusterIP?: string;
    selector: Record<string, string>;
    ports: Array<{ name: string; port: number; targetPort: number | string; appProtocol?: string }>;
  };
}
export interface ConfigMap extends K8sObject {
  data: Record<string, string>;
}

export function mainContainer(d: Deployment): Container {
  const c = d.spec.template.spec.containers.find((x) => x.name === d.metadata.name);
  if (!c) throw new Error(`Deployment ${d.metadata.name} has no container named ${d.metadata.name}`);
  return c;
}

export function allContainers(d: Deployment): Container[] {
  return [...(d.spec.template.spec.initContainers ?? []), ...d.spec.template.spec.containers];
}

/** The value a container sees for a plain (non-secret) variable, from env or its envFrom ConfigMaps. */
export function plainEnv(c: Container, configMaps: ConfigMap[], name: string): string | undefined {
  const direct = c.env?.find((e) => e.name === name);
  if (direct) return direct.value;
  for (const from of c.envFrom ?? []) {
    const cm = configMaps.find((m) => m.metadata.name === from.configMapRef?.name);
    if (cm && name in cm.data) return cm.data[name];
  }
  return undefined;
}

export function deployments(objects: K8sObject[]): Deployment[] {
  return objects.filter((o) => o.kind === 'Deployment') as Deployment[];
}

export function configMaps(objects: K8sObject[]): ConfigMap[] {
  return objects.filter((o) => o.kind === 'ConfigMap') as ConfigMap[];
}
