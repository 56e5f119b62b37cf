import * as grpc from '@grpc/grpc-js';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary, type Logger } from '@ferry/service-kit';
import { requireCaller } from '../handlers/link-message.js';
import type { AccessTokenSource } from './access-token.js';
import type { OfflineGrants } from './offline-grants.js';
import type { TokenEndpoint } from './token-endpoint.js';

/** What the grant RPCs use; absent in a link server without offline grants (tests of other parts). */
export interface OfflineGrantDeps {
  grants: OfflineGrants;
  tokenEndpoint: TokenEndpoint;
  accessTokens: AccessTokenSource;
  /** Called after a grant was stored (a sign-in): the sweeper finishes that owner's waiting clean-up. */
  onStored?: (ownerSub: string) => void;
}

/** Google's refresh tokens are up to 512 bytes; anything far longer is not one. */
const MAX_REFRESH_TOKEN_LENGTH = 4096;

/**
 * StoreOfflineGrant / DeleteOfflineGrant, for the user the gateway's caller assertion names. Neither
 * answers a token, and neither logs one.
 */
export function offlineGrantHandlers(
  logger: Logger,
  deps: OfflineGrantDeps | undefined,
): Pick<LinkServiceServer, 'storeOfflineGrant' | 'deleteOfflineGrant'> {
  const configured = (): OfflineGrantDeps => {
    if (!deps)
      throw grpcError(grpc.status.FAILED_PRECONDITION, 'offline grants are not configured in this link service');
    return deps;
  };
  return {
    storeOfflineGrant: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      const { grants, accessTokens } = configured();
      if (!req.refreshToken || req.refreshToken.length > MAX_REFRESH_TOKEN_LENGTH || /\s/.test(req.refreshToken)) {
        throw grpcError(
          grpc.status.INVALID_ARGUMENT,
          `refreshToken must be 1 to ${MAX_REFRESH_TOKEN_LENGTH} characters without spaces`,
        );
      }
      await grants.store(caller.sub, req.refreshToken, req.scope.slice(0, 1024));
      accessTokens.forget(caller.sub);
      logger.info({ ownerSub: caller.sub }, 'offline grant stored');
      deps?.onStored?.(caller.sub);
      return {};
    }),

    deleteOfflineGrant: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const { grants, tokenEndpoint, accessTokens } = configured();
      let refreshToken: string | undefined;
      try {
        refreshToken = await grants.read(caller.sub);
      } catch {
        // Sealed with a key no longer configured: nothing to revoke, the row goes anyway.
      }
      const deleted = await grants.delete(caller.sub);
      accessTokens.forget(caller.sub);
      // The provider forgets it too, so a copy of the database holds nothing usable.
      if (refreshToken) {
        await tokenEndpoint.revoke(refreshToken).catch((err: unknown) => {
          logger.warn(
            { ownerSub: caller.sub, error: (err as Error).message },
            'refresh token revocation at the provider failed; the grant is deleted here',
          );
        });
      }
      logger.info({ ownerSub: caller.sub, deleted }, 'offline grant deleted');
      return { deleted };
    }),
  };
}
