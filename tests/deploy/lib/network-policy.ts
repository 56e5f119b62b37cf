/**
 * Evaluates rendered NetworkPolicies the way the Kubernetes API defines them (a pod selected by a
 * policy of a direction is isolated in that direction; what any selecting policy allows is
 * allowed), so the tests compare what traffic is possible, not how the YAML is spelled.
 */
import type { K8sObject } from './render.js';
import type { Deployment } from './workload.js';

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
}
interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}
export interface NetworkPolicy extends K8sObject {
  spec: { podSelector: LabelSelector; policyTypes?: Array<'Ingress' | 'Egress'>; ingress?: Rule[]; egress?: Rule[] };
}

/** A workload's pods: their labels and the ports they listen on. */
export interface PodGroup {
  name: string;
  labels: Record<string, string>;
  ports: Array<{ protocol: string; port: number }>;
}

export function podGroups(deployments: Deployment[]): PodGroup[] {
  return deployments.map((d) => ({
    name: d.metadata.name,
    labels: d.spec.template.metadata.labels,
    ports: d.spec.template.spec.containers.flatMap((c) =>
      (c.ports ?? []).map((p) => ({ protocol: (p as { protocol?: string }).protocol ?? 'TCP', port: p.containerPort })),
    ),
  }));
}

export function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const ok =
      e.operator === 'In'
        ? has && (e.values ?? []).includes(labels[e.key]!)
        : e.operator === 'NotIn'
          ? !has || !(e.values ?? []).includes(labels[e.key]!)
          : e.operator === 'Exists'
            ? has
            : !has;
    if (!ok) return false;
  }
  return true;
}

const types = (p: NetworkPolicy): string[] =>
  p.spec.policyTypes ?? (p.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);

function portMatches(ports: PolicyPort[] | undefined, protocol: string, port: number): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port));
}

/** Does a peer match a pod of this namespace? ipBlocks never do: they are for addresses outside the cluster (checked separately). */
function peerIsPod(peer: Peer, pod: PodGroup, namespace: string): boolean {
  if (peer.ipBlock) return false;
  if (peer.namespaceSelector && !selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': namespace }))
    return false;
  return peer.podSelector ? selects(peer.podSelector, pod.labels) : !!peer.namespaceSelector;
}

function allows(
  policies: NetworkPolicy[],
  direction: 'Ingress' | 'Egress',
  self: PodGroup,
  other: PodGroup,
  namespace: string,
  protocol: string,
  port: number,
): boolean {
  const relevant = policies.filter((p) => types(p).includes(direction) && selects(p.spec.podSelector, self.labels));
  if (relevant.length === 0) return true;
  return relevant.some((p) =>
    ((direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []).some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      return (
        portMatches(rule.ports, protocol, port) &&
        (!peers || peers.length === 0 || peers.some((peer) => peerIsPod(peer, other, namespace)))
      );
    }),
  );
}

/** Every pod-to-pod edge the policies allow, as "from → to:port/protocol". */
export function podEdges(policies: NetworkPolicy[], pods: PodGroup[], namespace: string): string[] {
  const edges: string[] = [];
  for (const from of pods) {
    for (const to of pods) {
      for (const { protocol, port } of to.ports) {
        if (
          allows(policies, 'Egress', from, to, namespace, protocol, port) &&
          allows(policies, 'Ingress', to, from, namespace, protocol, port)
        ) {
          edges.push(`${from.name} → ${to.name}:${port}/${protocol}`);
        }
      }
    }
  }
  return edges.sort();
}

/** How a peer outside this namespace's pods is named in the edge tables. */
function describePeer(peer: Peer | undefined): string | undefined {
  if (!peer) return 'anywhere';
  if (peer.ipBlock) return peer.ipBlock.cidr === '0.0.0.0/0' ? 'internet' : `ipBlock ${peer.ipBlock.cidr}`;
  const ns = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  if (ns === 'kube-system' && peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns') return 'cluster DNS';
  if (ns === 'ingress-nginx') return 'ingress controller';
  if (ns === 'monitoring') return 'Prometheus';
  if (peer.namespaceSelector) return `namespace ${JSON.stringify(peer.namespaceSelector)}`;
  return undefined; // a pod of this namespace: podEdges covers it
}

/** Edges between a workload and the world outside the namespace's pods, as "peer:port/protocol". */
export function outsideEdges(policies: NetworkPolicy[], pod: PodGroup, direction: 'Ingress' | 'Egress'): string[] {
  const edges = new Set<string>();
  for (const p of policies.filter((x) => types(x).includes(direction) && selects(x.spec.podSelector, pod.labels))) {
    for (const rule of (direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []) {
      const peers = (direction === 'Ingress' ? rule.from : rule.to) ?? [];
      const names =
        peers.length === 0 ? ['anywhere'] : peers.map(describePeer).filter((n): n is string => n !== undefined);
      const ports = rule.ports?.length ? rule.ports.map((x) => `${x.port ?? 'any'}/${x.protocol ?? 'TCP'}`) : ['any'];
      for (const n of names) for (const port of ports) edges.add(`${n}:${port}`);
    }
  }
  return [...edges].sort();
}
