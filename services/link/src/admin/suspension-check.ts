import * as grpc from '@grpc/grpc-js';
import { grpcError } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { accountKey } from '../domain/standing.js';

/** PERMISSION_DENIED `account_suspended` when the caller's account is suspended: it may make no links. */
export async function refuseSuspended(prisma: PrismaClient, caller: { email: string }): Promise<void> {
  const suspension = await prisma.accountSuspension.findUnique({ where: { email: accountKey(caller.email) } });
  if (suspension)
    throw grpcError(
      grpc.status.PERMISSION_DENIED,
      'This account is suspended: it cannot upload or make links. See the account page.',
      'account_suspended',
    );
}
