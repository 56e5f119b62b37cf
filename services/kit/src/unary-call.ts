import * as grpc from '@grpc/grpc-js';

/** A unary method of a generated grpc-js client with its request bound: `(md, options, cb) => client.x(req, md, options, cb)`. */
export type UnaryInvoke<Res> = (
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  callback: (err: grpc.ServiceError | null, response: Res) => void,
) => unknown;

export interface UnaryCallOptions {
  /** Deadline in milliseconds from now; grpc-js has none by default, so every call names one. */
  deadlineMs: number;
  /** Metadata to send (e.g. a request id, or marked with actFor()); empty when omitted. */
  metadata?: grpc.Metadata;
}

/**
 * The one client-side adapter from grpc-js callbacks to a promise. It rejects with the grpc-js
 * ServiceError, so callers map `code` themselves:
 *
 *   const res = await unaryCall((md, o, cb) => link.resolveLink(request, md, o, cb), { deadlineMs: 1_000 });
 */
export function unaryCall<Res>(invoke: UnaryInvoke<Res>, options: UnaryCallOptions): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    invoke(options.metadata ?? new grpc.Metadata(), { deadline: Date.now() + options.deadlineMs }, (err, response) =>
      err ? reject(err) : resolve(response),
    );
  });
}
