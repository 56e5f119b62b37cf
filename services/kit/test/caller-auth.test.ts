import { generateKeyPairSync } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallerSigner, createCallerVerifier, type CallerIdentity } from '../src/caller-assertion.js';
import {
  authorize,
  GATEWAY_FOR_ADMIN,
  GATEWAY_FOR_USER,
  GATEWAY_SERVICE,
  LINK_SERVICE,
  verifiedCaller,
  type RpcPolicy,
} from '../src/caller-policy.js';
import { actFor, callerAssertionOptions, createGrpcClient, deadline } from '../src/grpc-client.js';
import { startGrpcServer, type RunningGrpcServer } from '../src/grpc-server.js';
import { clientStreaming, unary } from '../src/handlers.js';
import { portIsClosed, testCallerKeys, testCallerPublicKeys } from '../src/testing.js';

const logger = pino({ level: 'silent' });
const AUDIENCE = 'test.v1.WhoService';
const keys = testCallerKeys();

// Raw-byte messages: the answer is the JSON of the verified caller.
const bytes = {
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => b,
  responseSerialize: (b: Buffer) => b,
  responseDeserialize: (b: Buffer) => b,
};
const whoDefinition = {
  me: { path: `/${AUDIENCE}/Me`, requestStream: false, responseStream: false, originalName: 'me', ...bytes },
  system: {
    path: `/${AUDIENCE}/System`,
    requestStream: false,
    responseStream: false,
    originalName: 'system',
    ...bytes,
  },
  fromLink: {
    path: `/${AUDIENCE}/FromLink`,
    requestStream: false,
    responseStream: false,
    originalName: 'fromLink',
    ...bytes,
  },
  upload: { path: `/${AUDIENCE}/Upload`, requestStream: true, responseStream: false, originalName: 'upload', ...bytes },
  follow: { path: `/${AUDIENCE}/Follow`, requestStream: false, responseStream: true, originalName: 'follow', ...bytes },
} satisfies grpc.ServiceDefinition;
type Method = keyof typeof whoDefinition;
const policies: Record<Method, RpcPolicy> = {
  me: GATEWAY_FOR_USER,
  system: GATEWAY_SERVICE,
  fromLink: LINK_SERVICE,
  upload: GATEWAY_SERVICE,
  follow: GATEWAY_SERVICE,
};
const WhoClient = grpc.makeGenericClientConstructor(whoDefinition, 'WhoService') as unknown as new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: Partial<grpc.ClientOptions>,
) => grpc.Client & Record<Method, (...args: unknown[]) => unknown>;

let reached = 0;
const answer = (call: object) => {
  reached++;
  return Buffer.from(JSON.stringify(verifiedCaller(call)));
};
const implementation: grpc.UntypedServiceImplementation = {
  me: unary<Buffer, Buffer>(logger, async (_req, call) => answer(call)),
  system: unary<Buffer, Buffer>(logger, async (_req, call) => answer(call)),
  fromLink: unary<Buffer, Buffer>(logger, async (_req, call) => answer(call)),
  upload: clientStreaming<Buffer, Buffer>(logger, async (call) => {
    for await (const _chunk of call) void _chunk;
    return answer(call);
  }),
  follow: (call: grpc.ServerWritableStream<Buffer, Buffer>) => {
    call.write(answer(call));
    call.end();
  },
};

const running: RunningGrpcServer[] = [];
const clients: grpc.Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((s) => s.shutdown(100)));
});

async function start() {
  const server = await startGrpcServer({
    port: 0,
    logger,
    callerKeys: testCallerPublicKeys(),
    services: [{ name: AUDIENCE, definition: whoDefinition, implementation, policies }],
  });
  running.push(server);
  return `127.0.0.1:${server.port}`;
}

function client(address: string, options: Partial<grpc.ClientOptions> = {}) {
  const c = createGrpcClient(WhoClient, address, options);
  clients.push(c);
  return c;
}

type Result = { err: grpc.ServiceError | null; who?: CallerIdentity };

/** Calls any method (unary, client- or server-streaming) with the given metadata. */
function invoke(c: InstanceType<typeof WhoClient>, method: Method, metadata = new grpc.Metadata()): Promise<Result> {
  const done = (resolve: (r: Result) => void) => (err: grpc.ServiceError | null, res?: Buffer) =>
    resolve({ err, who: res ? JSON.parse(res.toString()) : undefined });
  return new Promise((resolve) => {
    const def = whoDefinition[method];
    if (def.requestStream) {
      const stream = c[method](metadata, deadline(2000), done(resolve)) as grpc.ClientWritableStream<Buffer>;
      stream.write(Buffer.from('a'));
      stream.end();
    } else if (def.responseStream) {
      const stream = c[method](Buffer.from('x'), metadata, deadline(2000)) as grpc.ClientReadableStream<Buffer>;
      stream.on('data', (res: Buffer) => resolve({ err: null, who: JSON.parse(res.toString()) }));
      stream.on('error', (err: grpc.ServiceError) => resolve({ err }));
    } else {
      c[method](Buffer.from('x'), metadata, deadline(2000), done(resolve));
    }
  });
}

const bearer = (token: string) => {
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${token}`);
  return md;
};

async function rawToken(
  claims: Record<string, unknown>,
  opts: { key?: 'gateway' | 'link' | 'stranger'; iss?: string; aud?: string; iat?: number; exp?: number } = {},
) {
  const iat = opts.iat ?? Math.floor(Date.now() / 1000);
  const key =
    opts.key === 'stranger' ? generateKeyPairSync('ed25519').privateKey : keys[opts.key ?? 'gateway'].privateKey;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA' })
    .setIssuer(opts.iss ?? opts.key ?? 'gateway')
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(opts.exp ?? iat + 60)
    .sign(key);
}

describe('caller assertions on a kit server', () => {
  it('passes the verified identity to handlers of every call type', async () => {
    const address = await start();
    const gateway = client(
      address,
      callerAssertionOptions(createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey }), AUDIENCE),
    );
    for (const method of ['system', 'upload', 'follow'] as const) {
      const { err, who } = await invoke(gateway, method);
      expect(err, method).toBeNull();
      expect(who, method).toEqual({ principal: 'gateway' });
    }
    const asUser = await invoke(gateway, 'me', actFor(new grpc.Metadata(), { sub: 'u-1', email: 'alice@example.com' }));
    expect(asUser.err).toBeNull();
    expect(asUser.who).toEqual({ principal: 'gateway', user: { sub: 'u-1', email: 'alice@example.com' } });
    const link = client(
      address,
      callerAssertionOptions(createCallerSigner({ issuer: 'link', privateKey: keys.link.privateKey }), AUDIENCE),
    );
    expect((await invoke(link, 'fromLink')).who).toEqual({ principal: 'link' });
  });

  it('refuses bad assertions with UNAUTHENTICATED and wrong callers with PERMISSION_DENIED, before any handler runs', async () => {
    const address = await start();
    const c = client(address);
    const user = { sub: 'u-1', email: 'alice@example.com' };
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, Method, () => Promise<grpc.Metadata>, grpc.status]> = [
      ['no assertion', 'system', async () => new grpc.Metadata(), grpc.status.UNAUTHENTICATED],
      ['not a bearer token', 'system', async () => bearer('x y'), grpc.status.UNAUTHENTICATED],
      ['garbage', 'upload', async () => bearer('abc.def.ghi'), grpc.status.UNAUTHENTICATED],
      [
        'forged (another key)',
        'system',
        async () => bearer(await rawToken({}, { key: 'stranger', iss: 'gateway' })),
        grpc.status.UNAUTHENTICATED,
      ],
      [
        'expired',
        'follow',
        async () => bearer(await rawToken({}, { iat: now - 120, exp: now - 60 })),
        grpc.status.UNAUTHENTICATED,
      ],
      [
        'another audience',
        'system',
        async () => bearer(await rawToken({}, { aud: 'ferry.other.v1.Other' })),
        grpc.status.UNAUTHENTICATED,
      ],
      [
        'unknown issuer',
        'system',
        async () => bearer(await rawToken({}, { iss: 'billing' })),
        grpc.status.UNAUTHENTICATED,
      ],
      [
        'lives over 60 s',
        'system',
        async () => bearer(await rawToken({}, { exp: now + 3600 })),
        grpc.status.UNAUTHENTICATED,
      ],
      ['user without e-mail', 'me', async () => bearer(await rawToken({ sub: 'u-1' })), grpc.status.UNAUTHENTICATED],
      [
        'service identity on a user method',
        'me',
        async () => bearer(await rawToken({})),
        grpc.status.PERMISSION_DENIED,
      ],
      [
        'user assertion on a service method',
        'system',
        async () => bearer(await rawToken(user)),
        grpc.status.PERMISSION_DENIED,
      ],
      [
        'user assertion on a streaming service method',
        'follow',
        async () => bearer(await rawToken(user)),
        grpc.status.PERMISSION_DENIED,
      ],
      [
        'link on a gateway method',
        'upload',
        async () => bearer(await rawToken({}, { key: 'link' })),
        grpc.status.PERMISSION_DENIED,
      ],
      ['gateway on a link method', 'fromLink', async () => bearer(await rawToken({})), grpc.status.PERMISSION_DENIED],
    ];
    reached = 0;
    for (const [name, method, metadata, code] of cases) {
      const { err } = await invoke(c, method, await metadata());
      expect(err?.code, name).toBe(code);
    }
    expect(reached).toBe(0);
  });

  it('refuses to start a service with a method that has no policy, or a caller it has no key for', async () => {
    const { fromLink: _omitted, ...partial } = policies;
    await expect(
      startGrpcServer({
        port: 0,
        logger,
        callerKeys: testCallerPublicKeys(),
        services: [{ name: AUDIENCE, definition: whoDefinition, implementation, policies: partial }],
      }),
    ).rejects.toThrow(`${AUDIENCE}: no caller policy for fromLink; refusing to start`);
    await expect(
      startGrpcServer({
        port: 0,
        logger,
        callerKeys: { gateway: keys.gateway.publicKey },
        services: [{ name: AUDIENCE, definition: whoDefinition, implementation, policies }],
      }),
    ).rejects.toThrow('no public key for link');
  });
});

describe('the hot path', () => {
  it('signs the service assertion once for many calls', async () => {
    const address = await start();
    let signed = 0;
    const real = createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey });
    const counting = {
      ...real,
      serviceToken: (aud: string) => {
        const t = real.serviceToken(aud);
        if (typeof t !== 'string') signed++;
        return t;
      },
    };
    const seen = new Set<string>();
    const recording: grpc.Interceptor = (options, next) =>
      new grpc.InterceptingCall(next(options), {
        start(metadata, listener, go) {
          seen.add(String(metadata.get('authorization')[0]));
          go(metadata, listener);
        },
      });
    // The recording interceptor runs after the assertion interceptor (grpc-js runs them in order).
    const recorded = client(address, {
      interceptors: [callerAssertionOptions(counting, AUDIENCE).interceptors![0]!, recording],
    });
    for (let i = 0; i < 100; i++) expect((await invoke(recorded, 'system')).err).toBeNull();
    expect(signed).toBe(1);
    expect(seen.size).toBe(1);
  });

  it('binds 127.0.0.1 unless told otherwise', async () => {
    const address = await start();
    const port = Number(address.split(':')[1]);
    expect(await portIsClosed(port, '127.0.0.1')).toBe(false);
    // Another loopback address reaches this machine but not a socket bound to 127.0.0.1 alone.
    expect(await portIsClosed(port, '127.0.0.2')).toBe(true);
  });
});

describe('signer and verifier', () => {
  it('carries the administrator mark, and only an administrator passes GATEWAY_FOR_ADMIN', async () => {
    const signer = createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey });
    const verifier = createCallerVerifier({ keys: { gateway: keys.gateway.publicKey } });
    const user = { sub: 'u-1', email: 'ana@example.com' };
    const md = async (token: string | Promise<string>) => {
      const m = new grpc.Metadata();
      m.set('authorization', `Bearer ${await token}`);
      return m;
    };
    const plain = await verifier.verify(await md(signer.userToken(AUDIENCE, user)), AUDIENCE);
    const admin = await verifier.verify(await md(signer.userToken(AUDIENCE, { ...user, admin: true })), AUDIENCE);
    expect(plain.user).toEqual(user);
    expect(admin.user).toEqual({ ...user, admin: true });
    expect(() => authorize(admin, GATEWAY_FOR_ADMIN, 'Admin')).not.toThrow();
    expect(() => authorize(plain, GATEWAY_FOR_ADMIN, 'Admin')).toThrow(/administrator/);
    expect(() => authorize({ principal: 'gateway' }, GATEWAY_FOR_ADMIN, 'Admin')).toThrow(/signed-in user/);
    expect(() => authorize({ ...admin, principal: 'link' }, GATEWAY_FOR_ADMIN, 'Admin')).toThrow(/may not call/);
    // Any other value of the claim is a forgery attempt, not a plain user.
    const odd = await rawToken({ ...user, adm: 'yes' });
    await expect(Promise.resolve().then(async () => verifier.verify(await md(odd), AUDIENCE))).rejects.toThrow(
      /adm must be true/,
    );
  });

  it('reuses the service assertion for half its life, then signs the next one', async () => {
    let clock = Date.now();
    const signer = createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey, now: () => clock });
    const first = await signer.serviceToken(AUDIENCE);
    expect(signer.serviceToken(AUDIENCE)).toBe(first);
    clock += 29_000;
    expect(signer.serviceToken(AUDIENCE)).toBe(first);
    clock += 2_000; // past half: still answered at once while the next one is signed
    expect(signer.serviceToken(AUDIENCE)).toBe(first);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 20));
    expect(signer.serviceToken(AUDIENCE)).not.toBe(first);
    expect(await signer.serviceToken('ferry.other.v1.Other')).not.toBe(first);
  });

  it('keeps a bounded cache of verified assertions', async () => {
    const verifier = createCallerVerifier({ keys: { gateway: keys.gateway.publicKey }, maxCached: 2 });
    const tokens = await Promise.all([1, 2, 3].map((n) => rawToken({ sub: `u-${n}`, email: `u${n}@example.com` })));
    for (const t of tokens) await verifier.verify(bearer(t), AUDIENCE);
    // The newest two answer synchronously (cached); the oldest was evicted and is verified again.
    expect(verifier.verify(bearer(tokens[2]!), AUDIENCE)).not.toBeInstanceOf(Promise);
    expect(verifier.verify(bearer(tokens[0]!), AUDIENCE)).toBeInstanceOf(Promise);
  });

  it('costs microseconds per call once warm (measured)', async () => {
    const signer = createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey });
    const verifier = createCallerVerifier({ keys: { gateway: keys.gateway.publicKey } });
    const N = 200;
    let t = process.hrtime.bigint();
    for (let i = 0; i < N; i++)
      await createCallerSigner({ issuer: 'gateway', privateKey: keys.gateway.privateKey }).serviceToken(AUDIENCE);
    const signUs = Number(process.hrtime.bigint() - t) / 1000 / N;
    const tokens = await Promise.all(
      Array.from({ length: N }, (_, i) => rawToken({ sub: `u-${i}`, email: `u${i}@example.com` })),
    );
    t = process.hrtime.bigint();
    for (const token of tokens) await verifier.verify(bearer(token), AUDIENCE);
    const verifyUs = Number(process.hrtime.bigint() - t) / 1000 / N;
    const md = bearer(await signer.serviceToken(AUDIENCE));
    await verifier.verify(md, AUDIENCE);
    const M = 50_000;
    t = process.hrtime.bigint();
    for (let i = 0; i < M; i++) signer.serviceToken(AUDIENCE);
    const cachedSignUs = Number(process.hrtime.bigint() - t) / 1000 / M;
    t = process.hrtime.bigint();
    for (let i = 0; i < M; i++) verifier.verify(md, AUDIENCE);
    const cachedVerifyUs = Number(process.hrtime.bigint() - t) / 1000 / M;
    console.log(
      `caller assertions: sign ${signUs.toFixed(1)} µs, first verify ${verifyUs.toFixed(1)} µs; ` +
        `cached service token ${cachedSignUs.toFixed(2)} µs, cached verify ${cachedVerifyUs.toFixed(2)} µs per call`,
    );
    expect(typeof signer.serviceToken(AUDIENCE)).toBe('string');
    expect(verifier.verify(md, AUDIENCE)).toEqual({ principal: 'gateway' });
    // A gRPC hop costs ~250 µs of CPU (notes/grpc.md): the warm path must stay a small fraction of it.
    expect(cachedSignUs + cachedVerifyUs).toBeLessThan(25);
  });
});
