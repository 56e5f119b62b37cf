/**
 * Service traffic: every overlay denies by default, and the traffic its NetworkPolicies allow is
 * exactly the table below, each edge with the reason it exists. A new edge needs a row here.
 */
import { describe, expect, it } from 'vitest';
import { namespaces, overlays, webApps, type Overlay } from './lib/inventory.js';
import { outsideEdges, podEdges, podGroups, type NetworkPolicy } from './lib/network-policy.js';
import { renderOverlay } from './lib/render.js';
import { deployments } from './lib/workload.js';

/** Pod-to-pod edges inside the namespace: [from, to, port, why]. */
const podEdgeTable: Array<[string, string, number, string]> = [
  ['gateway', 'link', 50051, 'every link RPC of the HTTP API'],
  ['gateway', 'notification', 50052, 'share by mail, feedback'],
  ['gateway', 'billing', 50053, 'plans, Checkout, portal, the 402 gate'],
  ...webApps.map((app): [string, string, number, string] => [
    'gateway',
    app,
    8080,
    'the gateway writes pages from the web builds',
  ]),
  ['link', 'notification', 50052, 'first-download events (outbox), owners\u2019 notices'],
  ['link', 'billing', 50053, 'an account deletion cancels and erases the subscription'],
  ['billing', 'notification', 50052, 'trial reminders'],
];
const devPodEdgeTable: Array<[string, string, number, string]> = [
  ['link', 'dev-drive', 4100, 'checks and deletes files on the Drive stand-in'],
  ['dev-drive', 'dev-identity', 4000, 'token introspection'],
  ['notification', 'dev-mail', 2525, 'SMTP to the mail stand-in'],
];

/** Edges leaving the namespace's pods: workload → [peer:port/protocol, why]. */
const dns: Array<[string, string]> = [
  ['cluster DNS:53/UDP', 'dns:/// gRPC targets and every host name'],
  ['cluster DNS:53/TCP', 'large DNS answers'],
];
const egressTable: Record<string, Array<[string, string]>> = {
  gateway: [
    ...dns,
    ['anywhere:6379/TCP', 'Redis: cache, counts, rate limits'],
    ['internet:443/TCP', 'Google sign-in, analytics collector'],
  ],
  link: [
    ...dns,
    ['anywhere:5432/TCP', 'its PostgreSQL'],
    ['anywhere:6379/TCP', 'Redis: resolve cache, invalidations'],
    ['internet:443/TCP', 'Google Drive and token refresh'],
  ],
  notification: [
    ...dns,
    ['anywhere:5432/TCP', 'its PostgreSQL'],
    ['internet:587/TCP', 'SMTP submission'],
    ['internet:465/TCP', 'SMTP over TLS'],
  ],
  billing: [...dns, ['anywhere:5432/TCP', 'its PostgreSQL'], ['internet:443/TCP', 'Stripe API']],
  ...Object.fromEntries(webApps.map((app) => [app, dns])),
};
const devEgressTable: Record<string, Array<[string, string]>> = {
  gateway: [['ingress controller:80/TCP', 'dev-identity under its issuer URL (CoreDNS rewrite)']],
  link: [['ingress controller:80/TCP', 'dev-identity under its issuer URL (token refresh)']],
  'dev-identity': dns,
  'dev-drive': dns,
  'dev-mail': dns,
};
const scrape: [string, string] = ['Prometheus:9464/TCP', 'GET /metrics'];
const ingressTable: Record<string, Array<[string, string]>> = {
  gateway: [['ingress controller:8080/TCP', 'pages, /api, Stripe webhooks'], scrape],
  link: [scrape],
  notification: [scrape],
  billing: [scrape],
  ...Object.fromEntries(
    webApps.map((app) => [app, [['ingress controller:8080/TCP', 'static files'] as [string, string]]]),
  ),
};
const devIngressTable: Record<string, Array<[string, string]>> = {
  'dev-identity': [['ingress controller:4000/TCP', 'browsers and pods sign in']],
  'dev-drive': [['ingress controller:4100/TCP', 'browsers upload and download']],
  'dev-mail': [['ingress controller:4200/TCP', 'the inbox page']],
};

function expected(overlay: Overlay) {
  const dev = overlay === 'dev';
  const pods = [...podEdgeTable, ...(dev ? devPodEdgeTable : [])]
    .map(([from, to, port]) => `${from} → ${to}:${port}/TCP`)
    .sort();
  const merge = (base: Record<string, Array<[string, string]>>, extra: Record<string, Array<[string, string]>>) => {
    const out: Record<string, string[]> = {};
    for (const [name, rows] of [...Object.entries(base), ...(dev ? Object.entries(extra) : [])])
      out[name] = [...(out[name] ?? []), ...rows.map(([edge]) => edge)];
    for (const name of Object.keys(out)) out[name] = [...new Set(out[name])].sort();
    return out;
  };
  return { pods, egress: merge(egressTable, devEgressTable), ingress: merge(ingressTable, devIngressTable) };
}

const policiesOf = (objects: ReturnType<typeof renderOverlay>) =>
  objects.filter((o): o is NetworkPolicy => o.kind === 'NetworkPolicy');

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const policies = policiesOf(objects);
  const pods = podGroups(deployments(objects));
  const want = expected(overlay);

  it('denies all ingress and egress by default', () => {
    const deny = policies.filter(
      (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress?.length && !p.spec.egress?.length,
    );
    expect(deny.flatMap((p) => p.spec.policyTypes ?? []).sort()).toEqual(['Egress', 'Ingress']);
  });

  it('allows exactly the named pod-to-pod edges', () => {
    expect(podEdges(policies, pods, namespaces[overlay])).toEqual(want.pods);
  });

  it.each(pods.map((p) => [p.name, p] as const))(
    '%s: egress out of the namespace is exactly the named edges',
    (name, pod) => {
      expect(outsideEdges(policies, pod, 'Egress')).toEqual(want.egress[name] ?? []);
    },
  );

  it.each(pods.map((p) => [p.name, p] as const))(
    '%s: ingress from outside the namespace is exactly the named edges',
    (name, pod) => {
      expect(outsideEdges(policies, pod, 'Ingress')).toEqual(want.ingress[name] ?? []);
    },
  );

  it('keeps the internet egress off the cluster\u2019s private ranges', () => {
    for (const p of policies) {
      for (const rule of p.spec.egress ?? []) {
        for (const peer of rule.to ?? []) {
          if (peer.ipBlock)
            expect(peer.ipBlock.except?.sort(), `${p.metadata.name}`).toEqual([
              '10.0.0.0/8',
              '172.16.0.0/12',
              '192.168.0.0/16',
            ]);
        }
      }
    }
  });
});

describe('the edge check itself', () => {
  const objects = renderOverlay('production');
  const pods = podGroups(deployments(objects));

  it('sees an edge disappear when the policy allowing it is gone', () => {
    const without = policiesOf(objects).filter((p) => p.metadata.name !== 'link');
    expect(podEdges(without, pods, namespaces.production)).not.toContain('gateway → link:50051/TCP');
  });

  it('sees every edge open when no policy isolates the pods', () => {
    expect(podEdges([], pods, namespaces.production)).toContain('shell → link:50051/TCP');
  });
});
