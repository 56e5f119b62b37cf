/**
 * The product with mutual TLS between its processes, as in Kubernetes: a private stack started
 * with GRPC_TLS_* (one throw-away certificate from an openssl-made CA for every process, valid
 * for 127.0.0.1). The gateway reaches every backend over TLS, and a backend refuses plaintext and
 * clients without a certificate.
 */
import * as grpc from '@grpc/grpc-js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthClient } from '@ferry/contracts/health/v1';
import { checkHealth, createGrpcClient } from '@ferry/service-kit';
import { freePort } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';

describe('single-machine stack over mutual TLS', () => {
  let stack: RunningStack;
  let dataDir: string;
  let pki: string;
  const files = () => ({ certFile: join(pki, 'tls.crt'), keyFile: join(pki, 'tls.key'), caFile: join(pki, 'ca.crt') });
  const clients: grpc.Client[] = [];

  beforeAll(async () => {
    pki = mkdtempSync(join(tmpdir(), 'ferry-mtls-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: pki, stdio: 'pipe' });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=ferry-test-ca', '-days', '1');
    writeFileSync(
      join(pki, 'leaf.ext'),
      'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n',
    );
    openssl('req', ...ec, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=ferry');
    openssl(
      'x509',
      '-req',
      '-in',
      'tls.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      'leaf.ext',
      '-out',
      'tls.crt',
    );

    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-stack-mtls-'));
    const { certFile, keyFile, caFile } = files();
    stack = await startStack({
      ports,
      dataDir,
      quiet: true,
      env: { GRPC_TLS_CERT_FILE: certFile, GRPC_TLS_KEY_FILE: keyFile, GRPC_TLS_CA_FILE: caFile },
    });
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pki, { recursive: true, force: true });
  }, 60_000);

  it('serves: the gateway reaches link, notification and billing over TLS', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { services: Record<string, string> };
    expect(body.services).toMatchObject({
      gateway: 'SERVING',
      link: 'SERVING',
      notification: 'SERVING',
      billing: 'SERVING',
    });
  });

  it.each(['LINK_ADDR', 'NOTIFICATION_ADDR', 'BILLING_ADDR'])(
    '%s answers a certified client and refuses plaintext and a client without a certificate',
    async (name) => {
      const address = stack.defaults[name]!;
      const health = (credentials: grpc.ChannelCredentials) => {
        const client = new HealthClient(address, credentials);
        clients.push(client);
        return checkHealth(client, '', 3_000);
      };
      const certified = createGrpcClient(HealthClient, address, {}, files());
      clients.push(certified);
      expect(await checkHealth(certified, '', 3_000)).toBe('SERVING');
      expect(await health(grpc.credentials.createInsecure())).toBe('UNREACHABLE');
      expect(await health(grpc.credentials.createSsl(readFileSync(files().caFile)))).toBe('UNREACHABLE');
    },
  );
});
