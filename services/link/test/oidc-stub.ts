import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal OpenID provider for the grant tests: discovery, a token endpoint that answers
 * `refresh_token` grants for the refresh tokens it knows (rotating them when asked), and RFC 7009
 * revocation. Real HTTP, so openid-client runs as it does against Google or dev-identity.
 */
export interface OidcStub {
  issuer: string;
  /** Refresh tokens the provider accepts → the access tokens it answers. */
  live: Set<string>;
  /** When set, the next refresh of that token answers a new refresh token and retires the old one. */
  rotateNext: Set<string>;
  refreshCalls: string[];
  revoked: string[];
  close(): Promise<void>;
}

export const STUB_CLIENT = { clientId: 'ferry-gateway', clientSecret: 'gateway-secret' };

/** `client_id:client_secret` of an HTTP Basic header (each part form-encoded, RFC 6749 §2.3.1). */
function basicAuth(header: string | undefined): string {
  const decoded = Buffer.from((header ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
  return decoded
    .split(':')
    .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))
    .join(':');
}

export async function startOidcStub(): Promise<OidcStub> {
  const live = new Set<string>();
  const rotateNext = new Set<string>();
  const refreshCalls: string[] = [];
  const revoked: string[] = [];
  let issuer = '';
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          token_endpoint: `${issuer}/token`,
          revocation_endpoint: `${issuer}/revoke`,
          authorization_endpoint: `${issuer}/auth`,
          jwks_uri: `${issuer}/jwks`,
        });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (basicAuth(req.headers.authorization) !== `${STUB_CLIENT.clientId}:${STUB_CLIENT.clientSecret}`)
        return json(401, { error: 'invalid_client' });
      if (req.url === '/token' && form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        refreshCalls.push(token);
        if (!live.has(token))
          return json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
        counter += 1;
        const body: Record<string, unknown> = {
          access_token: `access-${counter}-${token}`,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'openid https://www.googleapis.com/auth/drive.file',
        };
        if (rotateNext.delete(token)) {
          const next = `${token}-r${counter}`;
          live.delete(token);
          live.add(next);
          body.refresh_token = next;
        }
        return json(200, body);
      }
      if (req.url === '/revoke') {
        const token = form.get('token') ?? '';
        revoked.push(token);
        live.delete(token);
        return res.writeHead(200).end();
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    live,
    rotateNext,
    refreshCalls,
    revoked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
