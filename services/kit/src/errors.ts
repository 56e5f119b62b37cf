import * as grpc from '@grpc/grpc-js';

/** A gRPC error for handler callbacks: the client sees `code` and `message` as details. */
export function grpcError(code: grpc.status, message: string): grpc.ServiceError {
  return Object.assign(new Error(message), { code, details: message, metadata: new grpc.Metadata() });
}

/** True for errors that already carry a gRPC status code. */
export function isGrpcError(err: unknown): err is grpc.ServiceError {
  return err instanceof Error && typeof (err as Partial<grpc.ServiceError>).code === 'number';
}

/** The answer of an RPC whose feature has not been built yet. */
export function unimplemented(rpc: string, arrivesWith: string): grpc.ServiceError {
  return grpcError(grpc.status.UNIMPLEMENTED, `${rpc} is not implemented yet (arrives with ${arrivesWith})`);
}
