/**
 * Mutual TLS between services, with a throw-away CA made by the openssl CLI per test run: a
 * client with a certificate of that CA gets through (and its caller assertion is still checked),
 * a client without a certificate, with one of another CA, or in plaintext is refused.
 */
import * as grpc from '@grpc/grpc-js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SERVICE } from '../src/caller-policy.js';
import { createGrpcClient, deadline } from '../src/grpc-client.js';
import { startGrpcServer, type RunningGrpcServer } from '../src/grpc-server.js';
import { grpcChannelCredentials, grpcTlsFromEnv, type GrpcTlsFiles } from '../src/grpc-tls.js';
import { unary } from '../src/handlers.js';
import { testCallerOptions, testCallerPublicKeys } from '../src/testing.js';

const logger = pino({ level: 'silent' });
const bytes = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };
const definition = {
  echo: {
    path: '/test.v1.EchoService/Echo',
    requestStream: false,
    responseStream: false,
    originalName: 'echo',
    requestSerialize: bytes.serialize,
    requestDeserialize: bytes.deserialize,
    responseSerialize: bytes.serialize,
    responseDeserialize: bytes.deserialize,
  },
} satisfies grpc.ServiceDefinition;
const policies = { echo: GATEWAY_SERVICE };
type EchoClient = grpc.Client & {
  echo(
    req: Buffer,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: Buffer) => void,
  ): grpc.ClientUnaryCall;
};
const EchoClient = grpc.makeGenericClientConstructor(definition, 'EchoService') as unknown as new (
  addr: string,
  creds: grpc.ChannelCredentials,
  opts?: Partial<grpc.ClientOptions>,
) => EchoClient;

let dir: string;
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA (`<ca>.crt`/`.key`) and a leaf certificate signed by it, usable as server and client (as cert-manager issues them here). */
function issue(ca: string, name: string): GrpcTlsFiles {
  writeFileSync(
    join(dir, `${name}.ext`),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${name}`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.crt`,
  );
  return { certFile: join(dir, `${name}.crt`), keyFile: join(dir, `${name}.key`), caFile: join(dir, `${ca}.crt`) };
}
function makeCa(name: string) {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-subj',
    `/CN=${name}`,
    '-days',
    '1',
  );
}

let serverTls: GrpcTlsFiles;
let clientTls: GrpcTlsFiles;
let strangerTls: GrpcTlsFiles;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ferry-grpc-tls-'));
  makeCa('ca');
  makeCa('other-ca');
  serverTls = issue('ca', 'link');
  clientTls = issue('ca', 'gateway');
  strangerTls = issue('other-ca', 'stranger');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const running: RunningGrpcServer[] = [];
const clients: grpc.Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((s) => s.shutdown(100)));
});

async function startTlsServer(tls: GrpcTlsFiles = serverTls): Promise<string> {
  const server = await startGrpcServer({
    port: 0,
    logger,
    tls,
    services: [
      {
        name: 'test.v1.EchoService',
        definition,
        implementation: { echo: unary<Buffer, Buffer>(logger, async (req) => req) },
        policies,
      },
    ],
    callerKeys: testCallerPublicKeys(),
  });
  running.push(server);
  return `127.0.0.1:${server.port}`;
}

function echo(client: EchoClient): Promise<{ err: grpc.ServiceError | null; res?: Buffer }> {
  clients.push(client);
  return new Promise((resolve) =>
    client.echo(Buffer.from('hi'), new grpc.Metadata(), deadline(3000), (err, res) => resolve({ err, res })),
  );
}

describe('gRPC over mutual TLS', () => {
  it('serves a client whose certificate the CA signed', async () => {
    const address = await startTlsServer();
    const { err, res } = await echo(
      createGrpcClient(EchoClient, address, testCallerOptions(definition, policies), clientTls),
    );
    expect(err).toBeNull();
    expect(res?.toString()).toBe('hi');
  });

  it('still checks the caller assertion: a certified client without one is UNAUTHENTICATED', async () => {
    const address = await startTlsServer();
    const { err } = await echo(createGrpcClient(EchoClient, address, {}, clientTls));
    expect(err?.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('refuses a client without a certificate', async () => {
    const address = await startTlsServer();
    const { readFileSync } = await import('node:fs');
    const noCert = grpc.credentials.createSsl(readFileSync(serverTls.caFile));
    const { err } = await echo(new EchoClient(address, noCert, testCallerOptions(definition, policies)));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
  });

  it('refuses a client whose certificate another CA signed', async () => {
    const address = await startTlsServer();
    const stranger = grpcChannelCredentials({ ...strangerTls, caFile: serverTls.caFile });
    const { err } = await echo(new EchoClient(address, stranger, testCallerOptions(definition, policies)));
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
  });

  it('refuses plaintext', async () => {
    const address = await startTlsServer();
    const { err } = await echo(
      createGrpcClient(EchoClient, address, testCallerOptions(definition, policies), undefined),
    );
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
  });

  it('uses renewed files without a restart (a new CA here, so the change is visible)', async () => {
    const mounted = join(dir, 'mounted');
    mkdirSync(mounted, { recursive: true });
    const mount = (files: GrpcTlsFiles) => {
      copyFileSync(files.certFile, join(mounted, 'tls.crt'));
      copyFileSync(files.keyFile, join(mounted, 'tls.key'));
      copyFileSync(files.caFile, join(mounted, 'ca.crt'));
    };
    mount(serverTls);
    const address = await startTlsServer({
      certFile: join(mounted, 'tls.crt'),
      keyFile: join(mounted, 'tls.key'),
      caFile: join(mounted, 'ca.crt'),
      refreshMs: 50,
    });
    const callAs = (files: GrpcTlsFiles) =>
      echo(new EchoClient(address, grpcChannelCredentials(files), testCallerOptions(definition, policies)));
    expect((await callAs(clientTls)).err).toBeNull();
    expect((await callAs(strangerTls)).err?.code).toBe(grpc.status.UNAVAILABLE);

    mount(strangerTls);
    const deadlineAt = Date.now() + 10_000;
    let last = await callAs(strangerTls);
    while (last.err && Date.now() < deadlineAt) last = await callAs(strangerTls);
    expect(last.err).toBeNull();
    expect((await callAs(clientTls)).err?.code).toBe(grpc.status.UNAVAILABLE);
  });

  it('fails at start when a mounted file is missing', async () => {
    await expect(
      startGrpcServer({
        port: 0,
        logger,
        tls: { ...serverTls, keyFile: join(dir, 'absent.key') },
        services: [],
        callerKeys: {},
      }),
    ).rejects.toThrow(/cannot read the private key at .*absent\.key/);
  });
});

describe('grpcTlsFromEnv', () => {
  const all = {
    GRPC_TLS_CERT_FILE: '/tls/tls.crt',
    GRPC_TLS_KEY_FILE: '/tls/tls.key',
    GRPC_TLS_CA_FILE: '/tls/ca.crt',
  };

  it('is plaintext (undefined) when nothing is set, outside production', () => {
    expect(grpcTlsFromEnv({})).toBeUndefined();
    expect(grpcTlsFromEnv({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it('refuses plaintext when NODE_ENV=production', () => {
    expect(() => grpcTlsFromEnv({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs mutual TLS/);
  });

  it('names what is missing when only some files are set', () => {
    expect(() => grpcTlsFromEnv({ GRPC_TLS_CERT_FILE: '/tls/tls.crt' })).toThrow(
      /GRPC_TLS_KEY_FILE, GRPC_TLS_CA_FILE missing/,
    );
  });

  it('returns the three paths when all are set', () => {
    expect(grpcTlsFromEnv({ ...all, NODE_ENV: 'production' })).toEqual({
      certFile: '/tls/tls.crt',
      keyFile: '/tls/tls.key',
      caFile: '/tls/ca.crt',
    });
  });
});
