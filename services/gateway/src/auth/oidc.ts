import * as client from 'openid-client';
import { type TokenInfo, type TokenInfoLookup, tokeninfoLookup } from './token-audience.js';

export interface OidcSettings {
  /** Path segment of `/api/auth/{provider}`: `google` or `local`. */
  provider: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Ferry's public origin; the callback is `<origin>/api/auth/<provider>/callback`. */
  publicOrigin: string;
}

/** Scopes of every sign-in (spec §6): Drive access limited to files Ferry creates. */
export const SIGN_IN_SCOPES = 'openid email profile https://www.googleapis.com/auth/drive.file';

/**
 * The provider as openid-client sees it. Discovery happens on first use and is retried after a
 * failure, so the gateway starts (and serves everything else) while the provider is unreachable.
 */
export class OidcProvider {
  private config: Promise<client.Configuration> | undefined;
  private tokeninfo: TokenInfoLookup | undefined;

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
   * Google's tokeninfo endpoint sits beside its token endpoint (`https://oauth2.googleapis.com/tokeninfo`)
   * but is not in the discovery document; the local stand-in answers the same at the same place.
   */
  async tokeninfoEndpoint(): Promise<string> {
    return new URL('/tokeninfo', (await this.configuration()).serverMetadata().token_endpoint).href;
  }

  /** Who a token was issued to (tokeninfo); throws ProviderUnavailableError when the provider cannot answer. */
  tokenInfo(token: string): Promise<TokenInfo> {
    this.tokeninfo ??= tokeninfoLookup(() => this.tokeninfoEndpoint());
    return this.tokeninfo(token);
  }

  async userinfoEndpoint(): Promise<string> {
    const endpoint = (await this.configuration()).serverMetadata().userinfo_endpoint;
    if (!endpoint) throw new Error('the provider publishes no userinfo_endpoint');
    return endpoint;
  }
}
