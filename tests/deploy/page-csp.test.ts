import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerDir, overlays } from './lib/inventory.js';
import { find, findGenerated, renderOverlay } from './lib/render.js';
import { configMaps, mainContainer, plainEnv, type ConfigMap, type Deployment } from './lib/workload.js';

// In Kubernetes nginx serves the pages, so it must send the same strict CSP the gateway sends locally.
describe.each(overlays)('overlay %s: the pages carry a strict Content-Security-Policy', (overlay) => {
  const objects = renderOverlay(overlay);
  const cm = findGenerated(objects, 'ConfigMap', 'page-csp') as ConfigMap;
  const header = cm.data['page-csp.conf'] ?? '';
  const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(header)?.[1] ?? '';
  const directive = (name: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows scripts only from the own origin: no inline script, no eval', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it("lets the browser upload to this overlay's Drive (connect-src names DRIVE_ROOT_URL's origin)", () => {
    const gateway = find<Deployment>(objects, 'Deployment', 'gateway');
    const driveRoot = plainEnv(mainContainer(gateway), configMaps(objects), 'DRIVE_ROOT_URL');
    expect(driveRoot).toBeDefined();
    expect(directive('connect-src').split(' ')).toContain(new URL(driveRoot!).origin);
  });

  it('is mounted into the shell where nginx-shell.conf includes it for every page', () => {
    const shell = find<Deployment>(objects, 'Deployment', 'shell');
    const volume = shell.spec.template.spec.volumes?.find((v) => v.configMap?.name === cm.metadata.name);
    expect(volume, 'shell does not mount the page-csp ConfigMap').toBeDefined();
    const mount = mainContainer(shell).volumeMounts?.find((m) => m.name === volume!.name);
    expect(mount?.readOnly).toBe(true);
    const conf = readFileSync(join(dockerDir, 'web', 'nginx-shell.conf'), 'utf8');
    const pages = /location \/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(pages).toContain(`include ${mount!.mountPath}/page-csp.conf;`);
  });
});

// Like the gateway in single-machine mode: no page may be framed, and unused browser features are off.
describe('nginx-shell.conf: the pages refuse framing and switch off unused browser features', () => {
  const conf = readFileSync(join(dockerDir, 'web', 'nginx-shell.conf'), 'utf8');
  const pages = /location \/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';

  it("sends X-Frame-Options DENY, agreeing with the CSP's frame-ancestors 'none'", () => {
    expect(pages).toMatch(/add_header X-Frame-Options DENY always;/);
    expect(conf).not.toMatch(/SAMEORIGIN/i);
  });

  it('sends a Permissions-Policy that grants nothing to other origins', () => {
    const policy = /add_header Permissions-Policy "([^"]+)" always;/.exec(pages)?.[1] ?? '';
    const features = new Map(policy.split(',').map((p) => p.trim().split('=') as [string, string]));
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'browsing-topics'])
      expect(features.get(feature), feature).toBe('()');
    expect([...features.values()].every((v) => v === '()' || v === '(self)')).toBe(true);
  });
});
