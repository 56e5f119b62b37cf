import * as grpc from '@grpc/grpc-js';
import type { Caller } from '@ferry/contracts/billing/v1';
import { grpcError } from '@ferry/service-kit';

export interface VerifiedCaller {
  sub: string;
  email: string;
}

/** The gateway sets the verified caller on every request; without it the call is refused. */
export function requireCaller(caller: Caller | undefined): VerifiedCaller {
  const sub = caller?.sub.trim() ?? '';
  const email = caller?.email.trim().toLowerCase() ?? '';
  if (!sub || !email.includes('@')) {
    throw grpcError(grpc.status.UNAUTHENTICATED, 'a verified caller (sub and email) is required');
  }
  return { sub, email };
}
