import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { DriveError, errors } from './http/errors.js';

export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';

export interface Principal {
  sub: string;
  email: string;
  displayName: string;
  /**
   * The app for drive.file visibility and appProperties: Google scopes these per Cloud project, so
   * several OAuth clients may map to one app (DRIVE_CLIENT_APPS); by default each client is its own app.
   */
  appId: string;
  /** `drive` scope: sees every file of the user; `drive.file`: only files its client created. */
  fullAccess: boolean;
}

export interface IntrospectionConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  /** How long an introspection answer is reused (seconds); never beyond the token's exp. */
  cacheSeconds: number;
  /** OAuth client id → app id (clients of the same Google Cloud project share files). */
  clientApps?: Record<string, string>;
}

export interface TokenVerifier {
  verify(token: string): Promise<Principal>;
}

interface IntrospectionResponse {
  active: boolean;
  sub?: string;
  client_id?: string;
  scope?: string;
  exp?: number;
  email?: string;
  name?: string;
}

/** RFC 7662 introspection against the identity provider, with a short cache keyed by token hash. */
export class IntrospectionVerifier implements TokenVerifier {
  private readonly cache = new Map<string, { principal: Principal | DriveError; until: number }>();

  constructor(
    private readonly config: IntrospectionConfig,
    private readonly log: Logger,
  ) {}

  async verify(token: string): Promise<Principal> {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) {
      if (hit.principal instanceof DriveError) throw hit.principal;
      return hit.principal;
    }
    const info = await this.introspect(token);
    let result: Principal | DriveError;
    let until = now + this.config.cacheSeconds * 1000;
    if (!info.active || !info.sub || !info.client_id) {
      result = errors.invalidCredentials();
    } else {
      const scopes = new Set((info.scope ?? '').split(' '));
      if (!scopes.has(DRIVE_FILE_SCOPE) && !scopes.has(DRIVE_SCOPE)) {
        result = errors.insufficientScopes();
      } else {
        result = {
          sub: info.sub,
          email: info.email ?? `${info.sub}@users.invalid`,
          displayName: info.name ?? info.email ?? info.sub,
          appId: this.config.clientApps?.[info.client_id] ?? info.client_id,
          fullAccess: scopes.has(DRIVE_SCOPE),
        };
      }
      if (info.exp) until = Math.min(until, info.exp * 1000);
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { principal: result, until });
    if (result instanceof DriveError) throw result;
    return result;
  }

  private async introspect(token: string): Promise<IntrospectionResponse> {
    const basic = Buffer.from(
      `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`,
    ).toString('base64');
    let res: Response;
    try {
      res = await fetch(this.config.url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      this.log.error({ err: (err as Error).message }, 'introspection request failed');
      throw new DriveError(503, 'backendError', 'Could not verify the access token (identity provider unreachable).');
    }
    if (!res.ok) {
      this.log.error({ status: res.status }, 'introspection refused');
      throw new DriveError(
        503,
        'backendError',
        `Could not verify the access token (introspection HTTP ${res.status}).`,
      );
    }
    return (await res.json()) as IntrospectionResponse;
  }
}
