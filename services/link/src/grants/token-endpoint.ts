import * as client from 'openid-client';

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A refresh answered by the provider; `refreshToken` only when the provider rotated it. */
export interface RefreshedTokens {
  accessToken: string;
  expiresInS: number;
  refreshToken?: string;
}

/** The provider refused the refresh token (`invalid_grant`): revoked by the user, or expired. */
export class GrantRevokedError extends Error {
  override name = 'GrantRevokedError';
}

/** What the grants module needs from the identity provider. */
export interface TokenEndpoint {
  /** Throws GrantRevokedError for `invalid_grant`, another error when the provider cannot answer. */
  refresh(refreshToken: string): Promise<RefreshedTokens>;
  /** Revokes a refresh token at the provider (RFC 7009); resolves when there is nothing to revoke. */
  revoke(refreshToken: string): Promise<void>;
}

/**
 * The provider's token and revocation endpoints through openid-client, found by OIDC discovery of
 * the issuer on first use (retried after a failure). The client is the gateway's sign-in client:
 * refresh tokens are bound to the client they were issued to.
 */
export function oidcTokenEndpoint(settings: ProviderSettings): TokenEndpoint {
  let config: Promise<client.Configuration> | undefined;
  const configuration = (): Promise<client.Configuration> => {
    config ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        new URL(settings.issuer).protocol === 'http:'
          ? { execute: [client.allowInsecureRequests], timeout: 5 }
          : { timeout: 5 },
      )
      .catch((err: unknown) => {
        config = undefined;
        throw err;
      });
    return config;
  };
  return {
    async refresh(refreshToken) {
      let tokens: client.TokenEndpointResponse;
      try {
        tokens = await client.refreshTokenGrant(await configuration(), refreshToken);
      } catch (err) {
        if (err instanceof client.ResponseBodyError && err.error === 'invalid_grant')
          throw new GrantRevokedError(err.error_description ?? 'invalid_grant');
        // Only the name and message: openid-client errors may carry the request, which holds the token.
        throw new Error(`token refresh failed: ${(err as Error).name}: ${(err as Error).message.slice(0, 200)}`);
      }
      return {
        accessToken: tokens.access_token,
        expiresInS: tokens.expires_in ?? 3600,
        ...(tokens.refresh_token && tokens.refresh_token !== refreshToken
          ? { refreshToken: tokens.refresh_token }
          : {}),
      };
    },
    async revoke(refreshToken) {
      const cfg = await configuration();
      if (!cfg.serverMetadata().revocation_endpoint) return;
      try {
        await client.tokenRevocation(cfg, refreshToken, { token_type_hint: 'refresh_token' });
      } catch (err) {
        throw new Error(`token revocation failed: ${(err as Error).name}: ${(err as Error).message.slice(0, 200)}`);
      }
    },
  };
}
