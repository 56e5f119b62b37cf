import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { pino, type Logger } from 'pino';
import { DeviceCodeAttempts } from './device-attempts.js';
import { DEFAULT_DEVICE_POLL_INTERVAL_MS, DevicePolling } from './device-polling.js';
import { Accounts, EMAIL_PATTERN, subjectFor } from './accounts.js';
import type { ClientConfig } from './clients.js';
import { FileStore } from './file-adapter.js';
import { loadOrCreateSecrets } from './keys.js';
import { avatarSvg, consentPage, deviceCodePage, deviceConfirmPage, deviceDonePage, loginPage } from './pages.js';

export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Endpoint paths modelled on Google's (accounts.google.com / oauth2.googleapis.com). */
export const ROUTES = {
  authorization: '/o/oauth2/v2/auth',
  token: '/token',
  userinfo: '/v1/userinfo',
  jwks: '/oauth2/v3/certs',
  revocation: '/revoke',
  introspection: '/token/introspection',
  end_session: '/session/end',
  device_authorization: '/device/code',
  code_verification: '/device',
} as const;

export interface IdentityProviderConfig {
  /** Public issuer URL, e.g. http://localhost:4000. Omit to derive http://127.0.0.1:<port> at listen time (tests). */
  issuer?: string;
  /** Directory for signing keys, accounts and the grant/session store. */
  dataDir: string;
  clients: ClientConfig[];
  logger?: Logger;
}

export interface IdentityProvider {
  /** Binds the HTTP server (`host`: default 127.0.0.1, this machine only); resolves to the issuer URL. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
  readonly issuer: string;
  readonly server: Server;
}

export function createIdentityProvider(config: IdentityProviderConfig): IdentityProvider {
  const log = config.logger ?? pino({ name: 'dev-identity' });
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(config.dataDir);
  const store = new FileStore(config.dataDir);
  let issuer = config.issuer?.replace(/\/$/, '') ?? '';
  const accounts = new Accounts(config.dataDir, () => issuer);
  let provider: Provider | undefined;
  let callback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const polling = new DevicePolling(DEFAULT_DEVICE_POLL_INTERVAL_MS);
  const deviceAttempts = new DeviceCodeAttempts(ROUTES.code_verification);

  const build = (): void => {
    provider = new Provider(issuer, providerConfiguration(config.clients, secrets, store, accounts, deviceAttempts));
    provider.use(polling.middleware());
    provider.use(deviceAttempts.middleware());
    provider.on('server_error', (_ctx: unknown, err: Error) => log.error({ err }, 'oidc server_error'));
    provider.on('grant.error', (_ctx: unknown, err: Error) => log.warn({ error: err.message }, 'oidc grant error'));
    callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  };
  if (issuer) build();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!provider || !callback) throw new Error('provider not started');
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (url.pathname.startsWith('/avatar/')) {
      const claims = accounts.claims(url.pathname.slice('/avatar/'.length).replace(/\.svg$/, ''));
      res.writeHead(claims ? 200 : 404, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' });
      res.end(avatarSvg(claims?.given_name[0] ?? '?'));
      return;
    }
    if (url.pathname === '/tokeninfo') {
      await tokenInfo(provider, url, res);
      return;
    }
    if (url.pathname === ROUTES.authorization) {
      rewriteSelectAccount(req, url);
      rewriteOfflineAccess(req, url);
    }
    const m = /^\/interaction\/([^/]+)(?:\/(login|confirm|abort))?$/.exec(url.pathname);
    if (m) {
      await interaction(provider, req, res, m[2]);
      return;
    }
    callback(req, res);
  }

  async function interaction(
    p: Provider,
    req: IncomingMessage,
    res: ServerResponse,
    action: string | undefined,
  ): Promise<void> {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await p.interactionDetails(req, res);
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`This sign-in attempt is no longer valid (${(err as Error).message}). Start again from the application.`);
      return;
    }
    const { uid, prompt, params } = details;
    const clientId = String(params.client_id);

    if (req.method === 'GET' && !action) {
      if (prompt.name === 'login') {
        const hint = typeof params.login_hint === 'string' ? params.login_hint.trim() : '';
        if (EMAIL_PATTERN.test(hint)) {
          const accountId = accounts.register(hint);
          await p.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
          return;
        }
        return html(res, 200, loginPage(uid, clientId));
      }
      const accountId = details.session?.accountId ?? '';
      const scopes = (prompt.details.missingOIDCScope as string[] | undefined) ?? String(params.scope).split(' ');
      return html(res, 200, consentPage(uid, clientId, accounts.claims(accountId)?.email ?? accountId, scopes));
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    if (action === 'abort') {
      await p.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action === 'login') {
      const email = (form.get('email') ?? '').trim();
      if (prompt.name !== 'login') return html(res, 400, 'Unexpected login step');
      if (!EMAIL_PATTERN.test(email)) return html(res, 400, loginPage(uid, clientId, 'Enter an e-mail address.'));
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: accounts.register(email) } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // confirm
    if (prompt.name !== 'consent') return html(res, 400, 'Unexpected consent step');
    const accountId = details.session?.accountId;
    if (!accountId) return html(res, 400, 'No session');
    const grant = details.grantId
      ? ((await p.Grant.find(details.grantId)) ?? new p.Grant({ accountId, clientId }))
      : new p.Grant({ accountId, clientId });
    const d = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(d.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    get issuer() {
      return issuer;
    },
    server,
    listen(port: number, host = '127.0.0.1'): Promise<string> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          if (!issuer) {
            issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
            build();
          }
          log.info({ issuer }, 'dev-identity listening');
          resolve(issuer);
        });
      });
    },
    async close(): Promise<void> {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.flush();
    },
  };
}

/**
 * Google's `GET https://oauth2.googleapis.com/tokeninfo?access_token=…` — the one Google endpoint that
 * shows a token's scopes; server code written against Google may call it.
 */
async function tokenInfo(p: Provider, url: URL, res: ServerResponse): Promise<void> {
  const value = url.searchParams.get('access_token') ?? '';
  const token = value ? await p.AccessToken.find(value) : undefined;
  if (!token || token.isExpired) {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Invalid Value' }));
    return;
  }
  const extra = (token.extra ?? {}) as { email?: string; email_verified?: boolean };
  const now = Math.floor(Date.now() / 1000);
  const body = {
    azp: token.clientId,
    aud: token.clientId,
    sub: token.accountId,
    scope: token.scope,
    exp: String(token.exp),
    expires_in: String(Math.max(0, (token.exp ?? now) - now)),
    ...(extra.email ? { email: extra.email, email_verified: String(extra.email_verified ?? true) } : {}),
    access_type: 'online',
  };
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * Google's `prompt=select_account` shows its account chooser; here that is the login page, so it
 * becomes `prompt=login` (oidc-provider would reject the unknown value).
 */
function rewriteSelectAccount(req: IncomingMessage, url: URL): void {
  const prompt = url.searchParams.get('prompt');
  if (!prompt?.split(' ').includes('select_account')) return;
  const rest = prompt.split(' ').filter((p) => p && p !== 'select_account' && p !== 'login');
  url.searchParams.set('prompt', ['login', ...rest].join(' '));
  req.url = `${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * Google grants a refresh token for `access_type=offline` (with the consent prompt); oidc-provider
 * does for the `offline_access` scope, which Google does not know. The one becomes the other, so
 * clients ask as they would ask Google.
 */
function rewriteOfflineAccess(req: IncomingMessage, url: URL): void {
  if (url.searchParams.get('access_type') !== 'offline') return;
  url.searchParams.delete('access_type');
  const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
  if (!scopes.includes('offline_access')) url.searchParams.set('scope', [...scopes, 'offline_access'].join(' '));
  req.url = `${url.pathname}?${url.searchParams.toString()}`;
}

/** The login prompt also fires when login_hint names someone other than the signed-in account. */
function loginPolicy(): ReturnType<typeof interactionPolicy.base> {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'login_hint_mismatch',
      'login_hint does not match the signed-in account',
      'login_required',
      (ctx) => {
        const hint = ctx.oidc.params?.login_hint;
        const accountId = ctx.oidc.session?.accountId;
        if (typeof hint !== 'string' || !accountId || !EMAIL_PATTERN.test(hint.trim()))
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        return subjectFor(hint.trim()) === accountId
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function providerConfiguration(
  clients: ClientConfig[],
  secrets: ReturnType<typeof loadOrCreateSecrets>,
  store: FileStore,
  accounts: Accounts,
  deviceAttempts: DeviceCodeAttempts,
): Configuration {
  return {
    clients: clients as Configuration['clients'],
    adapter: store.adapterFactory(),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    routes: ROUTES,
    scopes: ['openid', 'email', 'profile', 'offline_access', DRIVE_FILE_SCOPE, DRIVE_SCOPE],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const claims = accounts.claims(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims }) };
    },
    // Google's tokeninfo exposes the e-mail with the token; the Drive stand-in reads it from introspection.
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const claims = accountId ? accounts.claims(accountId) : undefined;
      return claims ? { email: claims.email, email_verified: true, name: claims.name } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // Resource servers (confidential, no redirect URIs) may introspect any token; other clients only their own.
        allowedPolicy: (_ctx, client, token) =>
          (client.clientAuthMethod !== 'none' && (client.redirectUris ?? []).length === 0) ||
          token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        // RFC 7009 §2.1: a client revokes only its own tokens, and an authenticated client that tries
        // another's is told so (400 invalid_request) instead of getting a 200 that changed nothing.
        allowedPolicy: (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          if (client.clientAuthMethod === 'none') return false;
          throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
        },
      },
      rpInitiatedLogout: { enabled: true },
      // RFC 8628 device authorization grant, as Google offers it to TV and command-line apps.
      deviceFlow: {
        enabled: true,
        userCodeInputSource(ctx, form, _out, err) {
          if (err && ctx.method === 'POST') deviceAttempts.wrong(ctx.ip);
          ctx.body = deviceCodePage(form, err ? 'That code is not valid. Check it and try again.' : undefined);
        },
        userCodeConfirmSource(ctx, form, client, _info, userCode) {
          ctx.body = deviceConfirmPage(form, client.clientId, userCode);
        },
        successSource(ctx) {
          ctx.body = deviceDonePage();
        },
      },
      userinfo: { enabled: true },
    },
    interactions: { policy: loginPolicy(), url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      DeviceCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 365 * 24 * 3600,
      // Google's refresh tokens live until revoked; 90 days covers a link's longest life (30 days) here.
      RefreshToken: 90 * 24 * 3600,
    },
  };
}
