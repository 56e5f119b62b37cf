import { Metadata, type CallOptions, type ServiceError } from '@grpc/grpc-js';
import { actFor, type AssertedUser } from '@ferry/service-kit';
import { REQUEST_ID_HEADER } from '../http/request-id.js';

export interface CallContext {
  /** Deadline for this call in milliseconds from now; grpc-js has no default deadline. */
  deadlineMs: number;
  /** Propagated to the backend as `x-request-id` metadata. */
  requestId?: string;
  /**
   * The signed-in user an owner RPC acts for (from the verified token). The call then carries the
   * gateway's assertion of this user instead of the gateway's own (backends.ts signs it).
   */
  user?: AssertedUser;
}

type Invoke<Res> = (
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (err: ServiceError | null, response: Res) => void,
) => unknown;

/**
 * Runs one unary call with a deadline and the request id, as a promise. Every gateway call to a
 * backend goes through here, so no call can be made without a deadline:
 *
 *   const res = await unary((md, opts, cb) => backends.link.client.resolveLink(req, md, opts, cb), ctx);
 *
 * A rejected promise carries the grpc-js ServiceError; the error handler maps it to HTTP.
 */
export function unary<Res>(invoke: Invoke<Res>, ctx: CallContext): Promise<Res> {
  const metadata = new Metadata();
  if (ctx.requestId !== undefined) metadata.set(REQUEST_ID_HEADER, ctx.requestId);
  if (ctx.user) actFor(metadata, ctx.user);
  return new Promise<Res>((resolve, reject) => {
    invoke(metadata, { deadline: Date.now() + ctx.deadlineMs }, (err, response) => {
      if (err) reject(err);
      else resolve(response);
    });
  });
}
