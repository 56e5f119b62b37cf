/**
 * Mutual TLS between pods: every gRPC workload (the gateway calls, link, notification and billing
 * serve and call) has a cert-manager Certificate, mounts its Secret, and points the kit's
 * GRPC_TLS_* variables at the mounted files. The server names match the clients' dns:/// targets.
 */
import { describe, expect, it } from 'vitest';
import { gateway, grpcServices, namespaces, overlays } from './lib/inventory.js';
import { find, renderOverlay, type K8sObject } from './lib/render.js';
import { containerEnv, serviceConfig } from './lib/service-config.js';
import { configMaps, mainContainer, plainEnv, type Deployment } from './lib/workload.js';

interface Certificate extends K8sObject {
  spec: {
    secretName: string;
    dnsNames: string[];
    usages: string[];
    issuerRef: { group: string; kind: string; name: string };
    privateKey?: { rotationPolicy?: string };
  };
}

const tlsWorkloads = [gateway.name, ...grpcServices.map((s) => s.name)];
const mountPath = '/etc/ferry/grpc-tls';
/** The kit's variables and the cert-manager Secret key each names. */
const files = { GRPC_TLS_CERT_FILE: 'tls.crt', GRPC_TLS_KEY_FILE: 'tls.key', GRPC_TLS_CA_FILE: 'ca.crt' };

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = renderOverlay(overlay);
  const cms = configMaps(objects);
  const ns = namespaces[overlay];

  it('has the CA Issuer every certificate names', () => {
    const issuer = find<K8sObject & { spec: { ca?: { secretName: string } } }>(objects, 'Issuer', 'grpc-ca');
    expect(issuer.apiVersion).toBe('cert-manager.io/v1');
    expect(issuer.spec.ca?.secretName).toBe('grpc-ca');
  });

  describe.each(tlsWorkloads)('%s', (name) => {
    const d = () => find<Deployment>(objects, 'Deployment', name);
    const cert = () => find<Certificate>(objects, 'Certificate', `${name}-grpc-tls`);

    it('has a Certificate from the CA Issuer, for client auth (and server auth when it serves)', () => {
      const c = cert();
      expect(c.spec.secretName).toBe(`${name}-grpc-tls`);
      expect(c.spec.issuerRef).toEqual({ group: 'cert-manager.io', kind: 'Issuer', name: 'grpc-ca' });
      expect(c.spec.usages).toContain('client auth');
      if (name !== gateway.name) expect(c.spec.usages).toContain('server auth');
      expect(c.spec.privateKey?.rotationPolicy).toBe('Always');
    });

    it("mounts the certificate's Secret read-only where GRPC_TLS_* point", () => {
      const pod = d().spec.template.spec;
      const volume = (pod.volumes ?? []).find((v) => v.name === 'grpc-tls') as
        | { secret?: { secretName: string } }
        | undefined;
      expect(volume?.secret?.secretName).toBe(`${name}-grpc-tls`);
      const c = mainContainer(d());
      expect(c.volumeMounts).toContainEqual({ name: 'grpc-tls', mountPath, readOnly: true });
      for (const [variable, key] of Object.entries(files))
        expect(plainEnv(c, cms, variable), variable).toBe(`${mountPath}/${key}`);
    });

    it('would refuse to start in plaintext under NODE_ENV=production (what the images set)', async () => {
      const { env } = containerEnv(mainContainer(d()), cms);
      for (const variable of Object.keys(files)) delete env[variable];
      const problems = await serviceConfig(name).validate({ ...env, NODE_ENV: 'production' });
      expect(problems).toEqual(['GRPC_TLS_CERT_FILE is missing']);
      expect(await serviceConfig(name).validate({ ...env, NODE_ENV: 'development' })).toEqual([]);
    });
  });

  it.each(grpcServices.map((s) => [s.name, s] as const))(
    '%s: the certificate names the host its clients dial',
    (name, svc) => {
      const target = plainEnv(
        mainContainer(find<Deployment>(objects, 'Deployment', gateway.name)),
        cms,
        `${svc.prefix}_ADDR`,
      )!;
      const host = /^dns:\/\/\/([^:]+):\d+$/.exec(target)?.[1];
      expect(host).toBe(`${name}.${ns}.svc.cluster.local`);
      expect(find<Certificate>(objects, 'Certificate', `${name}-grpc-tls`).spec.dnsNames).toContain(host);
    },
  );
});
