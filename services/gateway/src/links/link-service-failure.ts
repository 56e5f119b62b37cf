import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';

/** Statuses that describe the caller's request or the link itself, not a failing link service. */
const ANSWERS = new Set<number>([
  GrpcStatus.OK,
  GrpcStatus.NOT_FOUND,
  GrpcStatus.INVALID_ARGUMENT,
  GrpcStatus.OUT_OF_RANGE,
  GrpcStatus.FAILED_PRECONDITION,
  GrpcStatus.PERMISSION_DENIED,
  GrpcStatus.UNIMPLEMENTED,
]);

/**
 * True when a gRPC call failed because the link service is down, overloaded or unreachable
 * (UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED, a connection dropped mid-call: INTERNAL/UNKNOWN)
 * rather than because of what was asked. grpc-js reports connection failures as statuses too;
 * an error without one is a bug here, not an outage.
 */
export function isLinkServiceFailure(err: unknown): boolean {
  const code = (err as Partial<ServiceError> | undefined)?.code;
  return typeof code === 'number' && !ANSWERS.has(code);
}
