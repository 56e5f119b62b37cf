import type { Logger } from '@ferry/service-kit';
import type { PrismaClient } from '../db.js';
import { EnvelopeError } from './key-ring.js';
import type { OfflineGrants } from './offline-grants.js';
import { GrantRevokedError, type TokenEndpoint } from './token-endpoint.js';

/**
 * A fresh Drive access token for a link owner, for server-side work done while the owner is away
 * (the expiry sweeper). It reads the owner's stored offline grant (an encrypted refresh token),
 * refreshes it at the identity provider's token endpoint, stores the rotated refresh token when the
 * provider answers one, and reports the grant state instead of throwing for expected outcomes:
 *
 * - a string: a Bearer access token that can call the Drive API for `ownerSub` (scope drive.file);
 * - `'no-grant'`: Ferry holds no refresh token for this owner (never stored, or signed out everywhere);
 * - `'revoked'`: the provider refused the refresh token (`invalid_grant`): the owner revoked Ferry
 *   or the grant expired. The stored grant is deleted, so the next call answers `'no-grant'`.
 *
 * Throws only when the provider cannot be reached or answers an unexpected error (retry later).
 * Access tokens are never stored in the database or logged.
 */
export type AccessTokenResult = string | 'no-grant' | 'revoked';

/** The function the sweeper calls: `accessTokenFor(ownerSub)`. */
export type AccessTokenFor = (ownerSub: string) => Promise<AccessTokenResult>;

export interface AccessTokenDeps {
  prisma: PrismaClient;
  grants: OfflineGrants;
  tokenEndpoint: TokenEndpoint;
  logger: Logger;
  now?: () => number;
  /** How long a refreshed access token is reused in this process at most (default 5 minutes). */
  reuseMs?: number;
}

/** A refresh waits at most this long for the provider, inside the transaction that holds the row. */
const REFRESH_TX_TIMEOUT_MS = 20_000;

export interface AccessTokenSource {
  accessTokenFor: AccessTokenFor;
  /** Drops this process's reusable access token of the owner (their grant was deleted). */
  forget(ownerSub: string): void;
}

/**
 * Reuses an access token within a short window so a sweep of many links of one owner refreshes
 * once, and refreshes under the grant row's lock so replicas never race on a rotating token.
 */
export function accessTokenSource(deps: AccessTokenDeps): AccessTokenSource {
  const now = deps.now ?? Date.now;
  const reuseMs = deps.reuseMs ?? 5 * 60_000;
  const reusable = new Map<string, { token: string; until: number }>();

  async function accessTokenFor(ownerSub: string): Promise<AccessTokenResult> {
    const cached = reusable.get(ownerSub);
    if (cached && cached.until > now()) return cached.token;
    reusable.delete(ownerSub);
    const result = await deps.prisma.$transaction(
      async (tx): Promise<AccessTokenResult | { token: string; expiresInS: number }> => {
        let grant: Awaited<ReturnType<typeof deps.grants.readForUpdate>>;
        try {
          grant = await deps.grants.readForUpdate(tx, ownerSub);
        } catch (err) {
          if (!(err instanceof EnvelopeError)) throw err;
          // A key was removed from TOKEN_ENCRYPTION_KEYS while a token still used it: unusable.
          deps.logger.warn({ ownerSub, error: err.message }, 'stored offline grant does not decrypt; deleting it');
          await deps.grants.delete(ownerSub, tx);
          return 'no-grant';
        }
        if (!grant) return 'no-grant';
        try {
          const refreshed = await deps.tokenEndpoint.refresh(grant.refreshToken);
          if (refreshed.refreshToken) await deps.grants.store(ownerSub, refreshed.refreshToken, undefined, tx);
          else if (deps.grants.isSealedWithOldKey(grant.keyId))
            await deps.grants.store(ownerSub, grant.refreshToken, undefined, tx);
          return { token: refreshed.accessToken, expiresInS: refreshed.expiresInS };
        } catch (err) {
          if (!(err instanceof GrantRevokedError)) throw err;
          deps.logger.info({ ownerSub }, 'offline grant refused by the provider (revoked or expired); deleting it');
          await deps.grants.delete(ownerSub, tx);
          return 'revoked';
        }
      },
      { timeout: REFRESH_TX_TIMEOUT_MS, maxWait: REFRESH_TX_TIMEOUT_MS },
    );
    if (typeof result === 'string') return result;
    // Reused until a minute before it expires, and never longer than reuseMs.
    reusable.set(ownerSub, {
      token: result.token,
      until: now() + Math.min(reuseMs, Math.max(0, result.expiresInS - 60) * 1000),
    });
    return result.token;
  }

  return { accessTokenFor, forget: (ownerSub) => reusable.delete(ownerSub) };
}
