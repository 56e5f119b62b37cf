import * as grpc from '@grpc/grpc-js';
import type { HealthClient } from '@ferry/contracts/health/v1';
import { HealthCheckResponse_ServingStatus } from '@ferry/contracts/health/v1';

export type GrpcClientConstructor<T extends grpc.Client> = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: Partial<grpc.ClientOptions>,
) => T;

/**
 * One long-lived client (one channel) per target: create it at start, close() it on shutdown.
 * dns:/// targets get round_robin so every resolved replica takes traffic.
 */
export function createGrpcClient<T extends grpc.Client>(Ctor: GrpcClientConstructor<T>, address: string, options: Partial<grpc.ClientOptions> = {}): T {
  return new Ctor(address, grpc.credentials.createInsecure(), { ...clientChannelOptions(address), ...options });
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
    ...(address.startsWith('dns:') ? { 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }) } : {}),
  };
}

/** Call options with a deadline `ms` from now. grpc-js has no default deadline: set one on every call. */
export function deadline(ms: number): grpc.CallOptions {
  return { deadline: Date.now() + ms };
}

export type HealthState = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';

/** Health of one service ("" for the whole server). An unknown service name counts as NOT_SERVING. */
export function checkHealth(client: HealthClient, service: string, timeoutMs: number): Promise<HealthState> {
  return new Promise((resolve) => {
    client.check({ service }, new grpc.Metadata(), deadline(timeoutMs), (err, response) => {
      if (err) {
        resolve(err.code === grpc.status.NOT_FOUND ? 'NOT_SERVING' : 'UNREACHABLE');
        return;
      }
      resolve(response.status === HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING');
    });
  });
}
