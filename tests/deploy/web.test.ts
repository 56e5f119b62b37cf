import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerDir, gateway, k8sDir, overlays, remotes, webApps } from './lib/inventory.js';
import { find, findGenerated, renderOverlay, type K8sObject } from './lib/render.js';
import { configMaps, mainContainer, plainEnv, type ConfigMap, type Deployment, type Service } from './lib/workload.js';

interface RemotesManifest {
  remotes: Record<string, { entry: string; version: string }>;
  rootDomain: string;
}
interface IngressRule {
  host: string;
  http: {
    paths: Array<{
      path: string;
      pathType: string;
      backend: { service: { name: string; port: { name?: string; number?: number } } };
    }>;
  };
}
type Ingress = K8sObject & {
  spec: { ingressClassName?: string; rules: IngressRule[]; tls?: Array<{ hosts: string[]; secretName: string }> };
};

const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

function compareSemver(a: string, b: string): number {
  const pa = a.split('-')[0]!.split('.').map(Number);
  const pb = b.split('-')[0]!.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/** Which backend the Ingress sends a request path to (longest matching Prefix wins, as in the spec). */
function routeOf(rule: IngressRule, path: string): string | undefined {
  const matches = rule.http.paths.filter((p) => {
    if (p.pathType === 'Exact') return path === p.path;
    const prefix = p.path.replace(/\/$/, '');
    return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
  });
  matches.sort((a, b) => b.path.length - a.path.length);
  return matches[0]?.backend.service.name;
}

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const manifest = JSON.parse(
    readFileSync(join(k8sDir, 'overlays', overlay, 'remotes.json'), 'utf8'),
  ) as RemotesManifest;

  describe('the remotes manifest (remotes.json)', () => {
    it('names the four remotes, each at /remotes/<name>/<version>/remoteEntry.js', () => {
      expect(Object.keys(manifest)).toEqual(['remotes', 'rootDomain']);
      expect(Object.keys(manifest.remotes).sort()).toEqual([...remotes].sort());
      for (const [name, r] of Object.entries(manifest.remotes)) {
        expect(Object.keys(r).sort()).toEqual(['entry', 'version']);
        expect(r.version).toMatch(SEMVER);
        expect(r.entry).toBe(`/remotes/${name}/${r.version}/remoteEntry.js`);
      }
    });

    it("sets the root domain to the gateway's PUBLIC_ORIGIN host, so senders' subdomains are told apart from it", () => {
      const gw = mainContainer(find<Deployment>(objects, 'Deployment', gateway.name));
      expect(manifest.rootDomain).toBe(new URL(plainEnv(gw, configMaps(objects), 'PUBLIC_ORIGIN')!).hostname);
    });

    it('is generated into a ConfigMap that the shell mounts where nginx serves /remotes.json', () => {
      const cm = findGenerated(objects, 'ConfigMap', 'remotes') as ConfigMap;
      expect(JSON.parse(cm.data['remotes.json']!)).toEqual(manifest);
      const shell = find<Deployment>(objects, 'Deployment', 'shell');
      const volume = shell.spec.template.spec.volumes?.find((v) => v.configMap?.name === cm.metadata.name);
      expect(volume, 'shell does not mount the generated remotes ConfigMap').toBeDefined();
      const mount = mainContainer(shell).volumeMounts?.find((m) => m.name === volume!.name);
      expect(mount?.readOnly).toBe(true);
      const conf = readFileSync(join(dockerDir, 'web', 'nginx-shell.conf'), 'utf8');
      const block = /location = \/remotes\.json \{([^}]*)\}/.exec(conf)?.[1] ?? '';
      expect(block).toContain(`alias ${mount!.mountPath}/remotes.json;`);
      expect(block).toMatch(/add_header Cache-Control "no-cache" always;/);
    });

    it("points each remote at a version its image carries (the image's tag is its newest version)", () => {
      for (const [name, r] of Object.entries(manifest.remotes)) {
        const image = mainContainer(find<Deployment>(objects, 'Deployment', `mfe-${name}`)).image;
        const tag = image.split(':').pop()!;
        expect(tag, `mfe-${name} image tag`).toMatch(SEMVER);
        expect(
          compareSemver(r.version, tag),
          `${name} ${r.version} is newer than its image ${tag}`,
        ).toBeLessThanOrEqual(0);
      }
    });
  });

  describe('the Ingress', () => {
    const ingress = find<Ingress>(objects, 'Ingress', 'ferry');
    const rules = ingress.spec.rules;

    it("serves the root host and the senders' subdomains the same way", () => {
      expect(rules).toHaveLength(2);
      expect(rules[1]!.host).toBe(`*.${rules[0]!.host}`);
      expect(rules[1]!.http).toEqual(rules[0]!.http);
    });

    it.each([0, 1])(
      "rule %i routes the shell's static files to the shell, /remotes/<name>/ to each remote and every page and /api to the gateway",
      (i) => {
        const rule = rules[i]!;
        expect(routeOf(rule, '/api/health')).toBe(gateway.name);
        expect(routeOf(rule, '/api')).toBe(gateway.name);
        for (const r of remotes) expect(routeOf(rule, `/remotes/${r}/0.1.0/remoteEntry.js`)).toBe(`mfe-${r}`);
        // The gateway writes every page (route, language, preloads, og tags) and answers unknown paths with 404.
        for (const path of [
          '/',
          '/upload',
          '/d/abc',
          '/r/abc',
          '/abcdef',
          '/account',
          '/faq',
          '/no/such/page',
          '/remotes.json',
          '/robots.txt',
          '/sitemap.xml',
          '/apix',
        ]) {
          expect(routeOf(rule, path), path).toBe(gateway.name);
        }
        for (const path of [
          '/static/js/index.0123abcd.js',
          '/locales/en/shell.json',
          '/favicon.ico',
          '/icon.svg',
          '/apple-touch-icon.png',
          '/manifest.webmanifest',
        ]) {
          expect(routeOf(rule, path), path).toBe('shell');
        }
      },
    );

    it('lets the gateway read the builds it writes pages from: the web servers and the remotes manifest', () => {
      const deployment = find<Deployment>(objects, 'Deployment', gateway.name);
      const container = mainContainer(deployment);
      const env = (name: string) => plainEnv(container, configMaps(objects), name);
      expect(env('WEB_SHELL_URL')).toBe('http://shell');
      const urls = Object.fromEntries(
        env('WEB_REMOTE_URLS')!
          .split(',')
          .map((item) => item.split('=') as [string, string]),
      );
      for (const r of remotes) expect(urls[r], r).toBe(`http://mfe-${r}`);
      const manifestFile = env('WEB_REMOTES_MANIFEST')!;
      const mount = container.volumeMounts?.find((m) => manifestFile.startsWith(`${m.mountPath}/`));
      const volume = deployment.spec.template.spec.volumes?.find((v) => v.name === mount?.name) as
        | { configMap?: { name: string } }
        | undefined;
      expect(volume?.configMap?.name).toMatch(/^remotes-/);
    });

    it('sends traffic only to Services and ports that exist', () => {
      for (const p of rules[0]!.http.paths) {
        const svc = find<Service>(objects, 'Service', p.backend.service.name);
        expect(svc.spec.ports.map((x) => x.name)).toContain(p.backend.service.port.name);
      }
    });

    it("uses the same origin as the gateway's PUBLIC_ORIGIN, with TLS outside dev", () => {
      const gw = mainContainer(find<Deployment>(objects, 'Deployment', gateway.name));
      const origin = new URL(plainEnv(gw, configMaps(objects), 'PUBLIC_ORIGIN')!);
      expect(origin.host).toBe(rules[0]!.host);
      if (overlay === 'dev') {
        expect(origin.protocol).toBe('http:');
        return;
      }
      expect(origin.protocol).toBe('https:');
      expect(ingress.spec.tls?.[0]?.hosts.sort()).toEqual(rules.map((r) => r.host).sort());
    });
  });

  it.each(webApps)('%s is an unprivileged nginx on 8080 with /healthz probes', (name) => {
    const c = mainContainer(find<Deployment>(objects, 'Deployment', name));
    expect(c.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: 8080 })]);
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
  });
});

describe('releasing a remote', () => {
  it('differs between overlays only in remotes.json, not in any shell setting', () => {
    const shells = overlays.map((o) => {
      const d = structuredClone(find<Deployment>(renderOverlay(o), 'Deployment', 'shell'));
      const pod = d.spec.template.spec;
      pod.volumes = pod.volumes?.map((v) => (v.configMap ? { ...v, configMap: { name: 'remotes' } } : v));
      const c = mainContainer(d);
      c.image = c.image.split('/').pop()!.split(':')[0]!;
      delete d.spec.replicas;
      delete (d.metadata as { namespace?: string }).namespace;
      return d;
    });
    expect(shells[1]).toEqual(shells[0]);
    expect(shells[2]).toEqual(shells[0]);
  });
});
