import * as grpc from '@grpc/grpc-js';
import type { HealthCheckResponse, HealthClient } from '@ferry/contracts/health/v1';
import { HealthCheckResponse_ServingStatus } from '@ferry/contracts/health/v1';
import { AUTHORIZATION_METADATA, type AssertedUser, type CallerSigner } from './caller-assertion.js';
import { grpcChannelCredentials, grpcTlsFromEnv, type GrpcTlsFiles } from './grpc-tls.js';
import { unaryCall } from './unary-call.js';

export type GrpcClientConstructor<T extends grpc.Client> = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: Partial<grpc.ClientOptions>,
) => T;

/**
 * One long-lived client (one channel) per target: create it at start, close() it on shutdown.
 * dns:/// and ipv4: targets get round_robin so every replica takes traffic. The channel uses mutual
 * TLS when `tls` (default: GRPC_TLS_* from the environment) names certificate files, else plaintext.
 */
export function createGrpcClient<T extends grpc.Client>(
  Ctor: GrpcClientConstructor<T>,
  address: string,
  options: Partial<grpc.ClientOptions> = {},
  tls: GrpcTlsFiles | undefined = grpcTlsFromEnv(),
): T {
  return new Ctor(address, grpcChannelCredentials(tls), { ...clientChannelOptions(address), ...options });
}

/** The channel options createGrpcClient uses for a target. */
export function clientChannelOptions(address: string): Partial<grpc.ClientOptions> {
  return {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
    // A restarted backend is found again within seconds instead of grpc's default 2 minutes.
    'grpc.initial_reconnect_backoff_ms': 500,
    'grpc.max_reconnect_backoff_ms': 5_000,
    ...(address.startsWith('dns:') || address.startsWith('ipv4:')
      ? { 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }) }
      : {}),
  };
}

const actingFor = new WeakMap<grpc.Metadata, AssertedUser>();

/**
 * Marks a call's metadata as acting for `user`: the caller-assertion interceptor then sends a user
 * assertion instead of the service's own. Nothing of this mark goes on the wire.
 */
export function actFor(metadata: grpc.Metadata, user: AssertedUser): grpc.Metadata {
  actingFor.set(metadata, user);
  return metadata;
}

/**
 * A client interceptor that puts `authorization: Bearer <assertion>` on every call to `audience`
 * (the target's full service name): the caller's own identity, or a user's when the metadata was
 * marked with actFor(). The service assertion is cached, so a call normally waits for no signing.
 */
export function callerAssertionInterceptor(signer: CallerSigner, audience: string): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        const user = actingFor.get(metadata);
        const token = user ? signer.userToken(audience, user) : signer.serviceToken(audience);
        const send = (t: string | undefined) => {
          if (t !== undefined) metadata.set(AUTHORIZATION_METADATA, `Bearer ${t}`);
          next(metadata, listener);
        };
        // A signing failure sends the call without an assertion: the server answers UNAUTHENTICATED.
        if (typeof token === 'string') send(token);
        else token.then(send, () => send(undefined));
      },
    });
}

/** Client options that attach the caller's assertion for the client's service (see callerAssertionInterceptor). */
export function callerAssertionOptions(signer: CallerSigner, audience: string): Partial<grpc.ClientOptions> {
  return { interceptors: [callerAssertionInterceptor(signer, audience)] };
}

/** Call options with a deadline `ms` from now. grpc-js has no default deadline: set one on every call. */
export function deadline(ms: number): grpc.CallOptions {
  return { deadline: Date.now() + ms };
}

export type HealthState = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';

/** Health of one service ("" for the whole server). An unknown service name counts as NOT_SERVING. */
export function checkHealth(client: HealthClient, service: string, timeoutMs: number): Promise<HealthState> {
  return unaryCall<HealthCheckResponse>((md, o, cb) => client.check({ service }, md, o, cb), {
    deadlineMs: timeoutMs,
  }).then(
    (response) => (response.status === HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING'),
    (err: grpc.ServiceError) => (err.code === grpc.status.NOT_FOUND ? 'NOT_SERVING' : 'UNREACHABLE'),
  );
}
