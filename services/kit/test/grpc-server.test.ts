import * as grpc from '@grpc/grpc-js';
import { HealthClient } from '@ferry/contracts/health/v1';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { checkHealth, clientChannelOptions, createGrpcClient, deadline } from '../src/grpc-client.js';
import { startGrpcServer, type RunningGrpcServer } from '../src/grpc-server.js';
import { unary } from '../src/handlers.js';
import { grpcError } from '../src/errors.js';
import { portIsClosed, testCallerOptions, testCallerPublicKeys, waitForHealth, watchHealth } from '../src/testing.js';
import { GATEWAY_SERVICE } from '../src/caller-policy.js';

const logger = pino({ level: 'silent' });

// A minimal service with raw byte messages, so the kit is tested without any Ferry contract.
const passThrough = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };
const echoDefinition = {
  echo: {
    path: '/test.v1.EchoService/Echo',
    requestStream: false,
    responseStream: false,
    originalName: 'echo',
    requestSerialize: passThrough.serialize,
    requestDeserialize: passThrough.deserialize,
    responseSerialize: passThrough.serialize,
    responseDeserialize: passThrough.deserialize,
  },
  hang: {
    path: '/test.v1.EchoService/Hang',
    requestStream: false,
    responseStream: false,
    originalName: 'hang',
    requestSerialize: passThrough.serialize,
    requestDeserialize: passThrough.deserialize,
    responseSerialize: passThrough.serialize,
    responseDeserialize: passThrough.deserialize,
  },
  fail: {
    path: '/test.v1.EchoService/Fail',
    requestStream: false,
    responseStream: false,
    originalName: 'fail',
    requestSerialize: passThrough.serialize,
    requestDeserialize: passThrough.deserialize,
    responseSerialize: passThrough.serialize,
    responseDeserialize: passThrough.deserialize,
  },
  later: {
    path: '/test.v1.EchoService/Later',
    requestStream: false,
    responseStream: false,
    originalName: 'later',
    requestSerialize: passThrough.serialize,
    requestDeserialize: passThrough.deserialize,
    responseSerialize: passThrough.serialize,
    responseDeserialize: passThrough.deserialize,
  },
  follow: {
    path: '/test.v1.EchoService/Follow',
    requestStream: false,
    responseStream: true,
    originalName: 'follow',
    requestSerialize: passThrough.serialize,
    requestDeserialize: passThrough.deserialize,
    responseSerialize: passThrough.serialize,
    responseDeserialize: passThrough.deserialize,
  },
} satisfies grpc.ServiceDefinition;
const EchoClient = grpc.makeGenericClientConstructor(echoDefinition, 'EchoService') as unknown as new (
  addr: string,
  creds: grpc.ChannelCredentials,
  opts?: Partial<grpc.ClientOptions>,
) => grpc.Client & {
  echo(
    req: Buffer,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: Buffer) => void,
  ): grpc.ClientUnaryCall;
  hang(
    req: Buffer,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: Buffer) => void,
  ): grpc.ClientUnaryCall;
  fail(
    req: Buffer,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: Buffer) => void,
  ): grpc.ClientUnaryCall;
  later(
    req: Buffer,
    md: grpc.Metadata,
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: Buffer) => void,
  ): grpc.ClientUnaryCall;
  follow(req: Buffer, md: grpc.Metadata, opts: grpc.CallOptions): grpc.ClientReadableStream<Buffer>;
};

const echoPolicies = {
  echo: GATEWAY_SERVICE,
  hang: GATEWAY_SERVICE,
  fail: GATEWAY_SERVICE,
  later: GATEWAY_SERVICE,
  follow: GATEWAY_SERVICE,
};

let hangCancelled: Promise<void>;
function echoImplementation(): grpc.UntypedServiceImplementation {
  let markCancelled!: () => void;
  hangCancelled = new Promise((resolve) => {
    markCancelled = resolve;
  });
  return {
    echo: unary<Buffer, Buffer>(logger, async (req) => Buffer.concat([Buffer.from('echo:'), req])),
    // Never answers; resolves hangCancelled when the client's deadline cancels it.
    hang: (call: grpc.ServerUnaryCall<Buffer, Buffer>) => {
      call.on('cancelled', markCancelled);
    },
    fail: unary<Buffer, Buffer>(logger, async (req) => {
      if (req.toString() === 'known') throw grpcError(grpc.status.NOT_FOUND, 'no such thing');
      throw new Error('database exploded');
    }),
    // later and follow have no handler: the server answers them itself.
  };
}

const running: RunningGrpcServer[] = [];
const clients: grpc.Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((s) => s.shutdown(100)));
});

async function start() {
  const server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    logger,
    services: [
      {
        name: 'test.v1.EchoService',
        definition: echoDefinition,
        implementation: echoImplementation(),
        policies: echoPolicies,
      },
    ],
    callerKeys: testCallerPublicKeys(),
  });
  running.push(server);
  const address = `127.0.0.1:${server.port}`;
  const health = createGrpcClient(HealthClient, address);
  const echo = createGrpcClient(EchoClient, address, testCallerOptions(echoDefinition, echoPolicies));
  clients.push(health, echo);
  return { server, health, echo, address };
}

function call(
  client: InstanceType<typeof EchoClient>,
  method: 'echo' | 'hang' | 'fail' | 'later',
  body: string,
  ms: number,
) {
  return new Promise<{ err: grpc.ServiceError | null; res?: Buffer }>((resolve) => {
    client[method](Buffer.from(body), new grpc.Metadata(), deadline(ms), (err, res) => resolve({ err, res }));
  });
}

describe('startGrpcServer', () => {
  it('binds a free port when asked for port 0 and answers health SERVING for "" and each service', async () => {
    const { server, health } = await start();
    expect(server.port).toBeGreaterThan(0);
    expect(await checkHealth(health, '', 2000)).toBe('SERVING');
    expect(await checkHealth(health, 'test.v1.EchoService', 2000)).toBe('SERVING');
    expect(await checkHealth(health, 'test.v1.Unknown', 2000)).toBe('NOT_SERVING');
  });

  it('serves the registered service', async () => {
    const { echo } = await start();
    const { err, res } = await call(echo, 'echo', 'hi', 2000);
    expect(err).toBeNull();
    expect(res?.toString()).toBe('echo:hi');
  });

  it('passes gRPC errors through and hides other failures as INTERNAL', async () => {
    const { echo } = await start();
    const known = await call(echo, 'fail', 'known', 2000);
    expect(known.err?.code).toBe(grpc.status.NOT_FOUND);
    expect(known.err?.details).toBe('no such thing');
    const unknown = await call(echo, 'fail', 'other', 2000);
    expect(unknown.err?.code).toBe(grpc.status.INTERNAL);
    expect(unknown.err?.details).toBe('internal error');
  });

  it('answers UNIMPLEMENTED, naming the RPC, for unary and streaming RPCs without a handler', async () => {
    const { echo } = await start();
    const unaryCall = await call(echo, 'later', 'x', 2000);
    expect(unaryCall.err?.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(unaryCall.err?.details).toBe('/test.v1.EchoService/Later is not implemented');
    const stream = echo.follow(Buffer.from('x'), new grpc.Metadata(), deadline(2000));
    const streamErr = await new Promise<grpc.ServiceError>((resolve) => stream.on('error', resolve));
    expect(streamErr.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(streamErr.details).toBe('/test.v1.EchoService/Follow is not implemented');
  });

  it('setServing flips every health entry', async () => {
    const { server, health } = await start();
    server.setServing(false);
    expect(await checkHealth(health, '', 2000)).toBe('NOT_SERVING');
    expect(await checkHealth(health, 'test.v1.EchoService', 2000)).toBe('NOT_SERVING');
    server.setServing(true);
    expect(await checkHealth(health, '', 2000)).toBe('SERVING');
  });

  it('shutdown reports NOT_SERVING to watchers, then stops even with an open stream, and closes the port', async () => {
    const { server, health } = await start();
    const watch = watchHealth(health, '');
    await watch.reached('SERVING');
    const started = Date.now();
    // The Watch stream never ends by itself: only the forced stop after the grace period ends it.
    await Promise.all([server.shutdown(300), watch.reached('NOT_SERVING')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(watch.statuses).toEqual(['SERVING', 'NOT_SERVING']);
    expect(await portIsClosed(server.port)).toBe(true);
    expect(await checkHealth(health, '', 1000)).toBe('UNREACHABLE');
  });

  it('waitForHealth waits for a state and gives up with a clear error', async () => {
    const { server, health } = await start();
    await waitForHealth(health, 'test.v1.EchoService', 'SERVING', 2000);
    await expect(waitForHealth(health, '', 'NOT_SERVING', 300)).rejects.toThrow(
      'health of "" stayed SERVING, wanted NOT_SERVING',
    );
    server.setServing(false);
    await waitForHealth(health, '', 'NOT_SERVING', 2000);
  });

  it('shutdown drains a call in flight without waiting for the grace period when nothing else is open', async () => {
    const { server, echo } = await start();
    expect((await call(echo, 'echo', 'warm', 2000)).err).toBeNull();
    const started = Date.now();
    await server.shutdown(5000);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await portIsClosed(server.port)).toBe(true);
  });
});

describe('deadline', () => {
  it('ends a call that takes too long with DEADLINE_EXCEEDED and cancels it on the server', async () => {
    const { echo } = await start();
    const started = Date.now();
    const { err } = await call(echo, 'hang', 'x', 150);
    const elapsed = Date.now() - started;
    expect(err?.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(3000);
    await hangCancelled;
  });

  it('is an absolute time in the future', () => {
    const before = Date.now();
    const opts = deadline(1000);
    expect(opts.deadline).toBeGreaterThanOrEqual(before + 1000);
  });
});

describe('checkHealth', () => {
  it('reports UNREACHABLE when nothing listens', async () => {
    const { server } = await start();
    const port = server.port;
    await server.shutdown(100);
    const client = createGrpcClient(HealthClient, `127.0.0.1:${port}`);
    clients.push(client);
    expect(await checkHealth(client, '', 1000)).toBe('UNREACHABLE');
  });
});

describe('clientChannelOptions', () => {
  it('keeps connections alive and uses round_robin only for dns:/// targets', () => {
    const direct = clientChannelOptions('127.0.0.1:50051');
    expect(direct['grpc.keepalive_time_ms']).toBe(30_000);
    expect(direct['grpc.service_config']).toBeUndefined();
    const dns = clientChannelOptions('dns:///link.ferry.svc.cluster.local:50051');
    expect(JSON.parse(String(dns['grpc.service_config']))).toEqual({ loadBalancingConfig: [{ round_robin: {} }] });
  });
});
