import type { LinkServiceClient } from '@ferry/contracts/link/v1';
import type { AssertedUser } from '@ferry/service-kit';
import { unary } from '../grpc/call.js';

/**
 * Where the gateway hands a user's refresh token (offline access) after sign-in, and whom it asks
 * to forget it on sign-out: the link service, which owns link life and refreshes the grant to
 * remove expired files while the owner is away. The gateway keeps no copy.
 */
export interface OfflineGrantStore {
  store(user: AssertedUser, refreshToken: string, scope: string, requestId?: string): Promise<void>;
  remove(user: AssertedUser, requestId?: string): Promise<void>;
}

export function linkOfflineGrants(link: LinkServiceClient, deadlineMs: number): OfflineGrantStore {
  return {
    async store(user, refreshToken, scope, requestId) {
      await unary((md, opts, cb) => link.storeOfflineGrant({ refreshToken, scope }, md, opts, cb), {
        deadlineMs,
        requestId,
        user,
      });
    },
    async remove(user, requestId) {
      await unary((md, opts, cb) => link.deleteOfflineGrant({}, md, opts, cb), { deadlineMs, requestId, user });
    },
  };
}
