import { Metadata } from '@grpc/grpc-js';
import { actFor, unaryCall, type AssertedUser, type UnaryInvoke } from '@ferry/service-kit';
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

/**
 * Runs one unary call with the context's deadline and request id (and user, if any) through the
 * kit's unaryCall. Every gateway call to a backend goes through here, so no call can be made
 * without a deadline:
 *
 *   const res = await unary((md, opts, cb) => backends.link.client.resolveLink(req, md, opts, cb), ctx);
 *
 * A rejected promise carries the grpc-js ServiceError; the error handler maps it to HTTP.
 */
export function unary<Res>(invoke: UnaryInvoke<Res>, ctx: CallContext): Promise<Res> {
  const metadata = new Metadata();
  if (ctx.requestId !== undefined) metadata.set(REQUEST_ID_HEADER, ctx.requestId);
  if (ctx.user) actFor(metadata, ctx.user);
  return unaryCall(invoke, { deadlineMs: ctx.deadlineMs, metadata });
}
