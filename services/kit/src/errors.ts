import * as grpc from '@grpc/grpc-js';

/**
 * Trailer naming why a call was refused, as a stable snake_case code (e.g. `extend_limit`): the
 * gateway sends it as the `code` of its JSON error instead of the status's generic one.
 */
export const ERROR_CODE_METADATA = 'ferry-error-code';

/** Trailer of a RESOURCE_EXHAUSTED refusal: whole seconds until the limit frees (the gateway's Retry-After). */
export const RETRY_AFTER_METADATA = 'ferry-retry-after';

/**
 * A gRPC error for handler callbacks: the client sees `code` and `message` as details, and
 * `errorCode` (when given) in the ERROR_CODE_METADATA trailer.
 */
export function grpcError(code: grpc.status, message: string, errorCode?: string): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (errorCode) metadata.set(ERROR_CODE_METADATA, errorCode);
  return Object.assign(new Error(message), { code, details: message, metadata });
}

/** True for errors that already carry a gRPC status code. */
export function isGrpcError(err: unknown): err is grpc.ServiceError {
  return err instanceof Error && typeof (err as Partial<grpc.ServiceError>).code === 'number';
}
