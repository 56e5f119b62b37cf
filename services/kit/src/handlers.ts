import * as grpc from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { grpcError, isGrpcError } from './errors.js';

/**
 * Adapts an async function to a grpc-js unary handler. Errors carrying a gRPC code pass through;
 * anything else is logged and answered INTERNAL without its details.
 */
export function unary<Req, Res>(
  logger: Logger,
  fn: (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    fn(call.request, call).then(
      (response) => callback(null, response),
      (err: unknown) => callback(toServiceError(logger, call.getPath(), err)),
    );
  };
}

/** Adapts an async function that consumes a client stream to a grpc-js client-streaming handler. */
export function clientStreaming<Req, Res>(
  logger: Logger,
  fn: (call: grpc.ServerReadableStream<Req, Res>) => Promise<Res>,
): grpc.handleClientStreamingCall<Req, Res> {
  return (call, callback) => {
    fn(call).then(
      (response) => callback(null, response),
      (err: unknown) => callback(toServiceError(logger, call.getPath(), err)),
    );
  };
}

function toServiceError(logger: Logger, path: string, err: unknown): grpc.ServiceError {
  if (isGrpcError(err)) return err;
  logger.error({ err, rpc: path }, 'rpc failed');
  return grpcError(grpc.status.INTERNAL, 'internal error');
}
