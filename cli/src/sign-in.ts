import * as client from 'openid-client';
import type { StoredToken, TokenStore } from './token-store';

export interface IdentitySettings {
  issuer: string;
  clientId: string;
  /** Google's device-flow clients ("TVs and limited input devices") have a secret; the local provider's does not. */
  clientSecret?: string;
}

/** The drive scope of every Ferry sign-in: only files Ferry creates. */
const SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/drive.file'];
/** Refresh this long before the access token expires, so a chunk never starts with a stale one. */
const REFRESH_MARGIN_MS = 60_000;

/** What the user must do to approve this device. */
export interface DevicePrompt {
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
}

export async function discover(s: IdentitySettings): Promise<client.Configuration> {
  const insecure = new URL(s.issuer).protocol === 'http:';
  return client.discovery(
    new URL(s.issuer),
    s.clientId,
    undefined,
    s.clientSecret ? client.ClientSecretPost(s.clientSecret) : client.None(),
    insecure ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}

function stored(
  s: IdentitySettings,
  t: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  before?: StoredToken,
): StoredToken {
  const claims = t.claims();
  const email = typeof claims?.email === 'string' ? claims.email : before?.email;
  const name = typeof claims?.name === 'string' ? claims.name : before?.name;
  return {
    issuer: s.issuer,
    clientId: s.clientId,
    accessToken: t.access_token,
    // A refresh answer may omit the refresh token: the old one stays good.
    ...((t.refresh_token ?? before?.refreshToken) ? { refreshToken: t.refresh_token ?? before?.refreshToken } : {}),
    expiresAt: Date.now() + (t.expiresIn() ?? 3600) * 1000,
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
  };
}

/**
 * The signed-in session of the command line: the stored token, refreshed when it nears expiry; a
 * first run (or a refused refresh) signs in with the device authorization grant (RFC 8628).
 */
export class Session {
  private token: StoredToken | undefined;
  private config: client.Configuration | undefined;

  constructor(
    private readonly settings: IdentitySettings,
    private readonly store: TokenStore,
    private readonly prompt: (p: DevicePrompt) => void,
  ) {}

  get accessToken(): string {
    if (!this.token) throw new Error('not signed in');
    return this.token.accessToken;
  }

  get user(): { email: string; name?: string } {
    return { email: this.token?.email ?? '', ...(this.token?.name ? { name: this.token.name } : {}) };
  }

  private async configuration(): Promise<client.Configuration> {
    this.config ??= await discover(this.settings);
    return this.config;
  }

  /** Signed in with a token good for at least a minute. */
  async ensure(): Promise<void> {
    this.token ??= await this.store.load(this.settings.issuer, this.settings.clientId);
    if (this.token && this.token.expiresAt - REFRESH_MARGIN_MS > Date.now()) return;
    if (this.token?.refreshToken && (await this.refresh())) return;
    await this.deviceSignIn();
  }

  /** A fresh access token after the drive or the API refused the current one. */
  async renew(): Promise<void> {
    if (this.token?.refreshToken && (await this.refresh())) return;
    await this.deviceSignIn();
  }

  private async refresh(): Promise<boolean> {
    try {
      const t = await client.refreshTokenGrant(await this.configuration(), this.token!.refreshToken!);
      this.token = stored(this.settings, t, this.token);
      await this.store.save(this.token);
      return true;
    } catch {
      // Revoked or expired: sign in again.
      return false;
    }
  }

  private async deviceSignIn(): Promise<void> {
    const config = await this.configuration();
    // Google grants a refresh token to device clients without asking; OIDC providers want offline_access.
    const offline = config.serverMetadata().scopes_supported?.includes('offline_access') ? ['offline_access'] : [];
    const started = await client.initiateDeviceAuthorization(config, { scope: [...SCOPES, ...offline].join(' ') });
    this.prompt({
      userCode: started.user_code,
      verificationUri: started.verification_uri,
      ...(started.verification_uri_complete ? { verificationUriComplete: started.verification_uri_complete } : {}),
    });
    const t = await client.pollDeviceAuthorizationGrant(config, started);
    let token = stored(this.settings, t);
    const sub = t.claims()?.sub;
    if (!token.email && sub) {
      // ID tokens from the token endpoint may carry only `sub`; the profile is at userinfo.
      const info = await client.fetchUserInfo(config, token.accessToken, sub);
      token = { ...token, ...(info.email ? { email: info.email } : {}), ...(info.name ? { name: info.name } : {}) };
    }
    this.token = token;
    await this.store.save(this.token);
  }
}
