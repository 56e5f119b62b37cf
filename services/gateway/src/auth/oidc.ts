import * as client from 'openid-client';
import { ProviderUnavailableError } from './token-verifier.js';

export interface OidcSettings {
  /** Path segment of `/api/auth/{provider}`: `google` or `local`. */
  provider: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Ferry's public origin; the callback is `<origin>/api/auth/<provider>/callback`. */
  publicOrigin: string;
}

/** What the provider says about an access token: valid, and issued to which OAuth client. */
export type TokenInfo = { valid: true; clientId: string } | { valid: false };

/** Scopes of every sign-in (spec §6): Drive access limited to files Ferry creates. */
export const SIGN_IN_SCOPES = 'openid email profile https://www.googleapis.com/auth/drive.file';

/**
 * The provider as openid-client sees it. Discovery happens on first use and is retried after a
 * failure, so the gateway starts (and serves everything else) while the provider is unreachable.
 */
export class OidcProvider {
  private config: Promise<client.Configuration> | undefined;

  constructor(readonly settings: OidcSettings) {}

  get redirectUri(): string {
    return `${this.settings.publicOrigin}/api/auth/${this.settings.provider}/callback`;
  }

  configuration(): Promise<client.Configuration> {
    this.config ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        // Google and oidc-provider both accept HTTP Basic client authentication.
        client.ClientSecretBasic(this.settings.clientSecret),
        // Only the local stand-in runs on plain http (localhost); Google's issuer is https.
        new URL(this.settings.issuer).protocol === 'http:'
          ? { execute: [client.allowInsecureRequests], timeout: 5 }
          : { timeout: 5 },
      )
      .catch((err: unknown) => {
        this.config = undefined;
        throw err;
      });
    return this.config;
  }

  /**
   * Who a token was issued to, from Google's tokeninfo endpoint, which sits beside its token
   * endpoint (`https://oauth2.googleapis.com/tokeninfo`) but is not in the discovery document; the
   * local stand-in answers the same at the same place. Throws when the provider cannot answer.
   */
  async tokenInfo(token: string, fetchImpl: typeof fetch = fetch, timeoutMs = 5_000): Promise<TokenInfo> {
    let res: Response;
    try {
      const url = new URL('/tokeninfo', (await this.configuration()).serverMetadata().token_endpoint);
      url.searchParams.set('access_token', token);
      res = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new ProviderUnavailableError(`tokeninfo request failed: ${(err as Error).message}`);
    }
    if (res.status === 400 || res.status === 401) {
      await res.body?.cancel();
      return { valid: false };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderUnavailableError(`tokeninfo answered HTTP ${res.status}`);
    }
    const body = (await res.json()) as Record<string, unknown>;
    const clientId = typeof body.azp === 'string' ? body.azp : typeof body.aud === 'string' ? body.aud : '';
    return clientId ? { valid: true, clientId } : { valid: false };
  }

  async userinfoEndpoint(): Promise<string> {
    const endpoint = (await this.configuration()).serverMetadata().userinfo_endpoint;
    if (!endpoint) throw new Error('the provider publishes no userinfo_endpoint');
    return endpoint;
  }
}
