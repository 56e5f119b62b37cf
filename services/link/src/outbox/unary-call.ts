import * as grpc from '@grpc/grpc-js';
import { deadline } from '@ferry/service-kit';

type Invoke<Res> = (
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  callback: (err: grpc.ServiceError | null, response: Res) => void,
) => unknown;

/**
 * One unary call with a deadline `deadlineMs` from now, as a promise that rejects with the grpc-js
 * ServiceError:
 *
 *   await unaryCall((md, options, cb) => notification.recordFirstDownload(request, md, options, cb), 5_000);
 */
export function unaryCall<Res>(invoke: Invoke<Res>, deadlineMs: number): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    invoke(new grpc.Metadata(), deadline(deadlineMs), (err, response) => (err ? reject(err) : resolve(response)));
  });
}
