import * as grpc from '@grpc/grpc-js';
import { grpcError, verifiedUser } from '@ferry/service-kit';

export interface VerifiedCaller {
  sub: string;
  email: string;
}

/**
 * The signed-in user of the gateway's verified caller assertion (never a request field), with the
 * e-mail normalised as subscriptions store it.
 */
export function requireCaller(call: object): VerifiedCaller {
  const user = verifiedUser(call);
  const sub = user.sub.trim();
  const email = user.email.trim().toLowerCase();
  if (!sub || !email.includes('@')) {
    throw grpcError(grpc.status.UNAUTHENTICATED, 'a verified caller (sub and email) is required');
  }
  return { sub, email };
}
