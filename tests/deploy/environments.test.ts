import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { devStandIns, gateway, google, k8sDir, overlays, serviceImages, webImages } from './lib/inventory.js';
import { find, renderOverlay, type K8sObject } from './lib/render.js';
import {
  allContainers,
  configMaps,
  deployments,
  mainContainer,
  plainEnv,
  type Deployment,
  type Service,
} from './lib/workload.js';

interface Kustomization {
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
}
const kustomization = (overlay: string) =>
  parse(readFileSync(join(k8sDir, 'overlays', overlay, 'kustomization.yaml'), 'utf8')) as Kustomization;

const ferryImages = [...serviceImages.filter((s) => !s.startsWith('dev-')), ...webImages];

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const gw = mainContainer(find<Deployment>(objects, 'Deployment', gateway.name));
  const gwEnv = (name: string) => plainEnv(gw, configMaps(objects), name);

  it('pins the tag of every Ferry image in its own kustomization', () => {
    const images = kustomization(overlay).images ?? [];
    for (const name of ferryImages) {
      const pin = images.find((i) => i.name === `ferry/${name}`);
      expect(pin?.newTag ?? pin?.digest, `ferry/${name} has no tag in overlays/${overlay}`).toMatch(
        /^(v?\d+\.\d+\.\d+.*|sha256:[0-9a-f]{64})$/,
      );
    }
    for (const d of deployments(objects)) {
      for (const c of allContainers(d)) expect(c.image, `${d.metadata.name}/${c.name}`).not.toMatch(/^ferry\/[^:]+$/);
    }
  });

  if (overlay === 'dev') {
    it('runs the Google stand-ins and points the gateway at them', () => {
      for (const name of devStandIns) {
        find(objects, 'Deployment', name);
        find(objects, 'Service', name);
      }
      const hosts = (
        find(objects, 'Ingress', 'dev-stand-ins') as K8sObject & { spec: { rules: Array<{ host: string }> } }
      ).spec.rules.map((r) => r.host);
      expect(new URL(gwEnv('OIDC_ISSUER')!).host).toBe('dev-identity.localtest.me');
      expect(new URL(gwEnv('DRIVE_ROOT_URL')!).host).toBe('dev-drive.localtest.me');
      expect(hosts).toEqual(
        expect.arrayContaining(['dev-identity.localtest.me', 'dev-drive.localtest.me', 'dev-mail.localtest.me']),
      );
      expect(gwEnv('OIDC_PROVIDER')).toBe('local');
      const identity = mainContainer(find<Deployment>(objects, 'Deployment', 'dev-identity'));
      expect(identity.env?.find((e) => e.name === 'IDENTITY_ISSUER')?.value).toBe(gwEnv('OIDC_ISSUER'));
      const drive = mainContainer(find<Deployment>(objects, 'Deployment', 'dev-drive'));
      const introspection = new URL(drive.env!.find((e) => e.name === 'DRIVE_INTROSPECTION_URL')!.value!);
      const identityPort = (find(objects, 'Service', 'dev-identity') as Service).spec.ports[0]!.port;
      expect(`${introspection.hostname}:${introspection.port}`).toBe(`dev-identity:${identityPort}`);
    });
    return;
  }

  it('has no stand-in and nothing local', () => {
    for (const o of objects) expect(o.metadata.name, `${o.kind}/${o.metadata.name}`).not.toMatch(/^dev-/);
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/localtest\.me|localhost|127\.0\.0\.1/);
  });

  it('points the gateway at Google: accounts.google.com for sign-in, www.googleapis.com for Drive', () => {
    expect(gwEnv('OIDC_PROVIDER')).toBe('google');
    expect(gwEnv('OIDC_ISSUER')).toBe(google.issuer);
    expect(gwEnv('DRIVE_ROOT_URL')).toBe(google.drive);
    expect(gwEnv('OIDC_CLIENT_ID')).toMatch(/\.apps\.googleusercontent\.com$/);
  });
});

it('staging and production use different hosts, namespaces and OAuth clients', () => {
  const origin = (o: 'staging' | 'production') => {
    const objects = renderOverlay(o);
    const c = mainContainer(find<Deployment>(objects, 'Deployment', gateway.name));
    return [plainEnv(c, configMaps(objects), 'PUBLIC_ORIGIN'), plainEnv(c, configMaps(objects), 'OIDC_CLIENT_ID')];
  };
  const [s, p] = [origin('staging'), origin('production')];
  expect(s[0]).not.toBe(p[0]);
  expect(s[1]).not.toBe(p[1]);
});
