/**
 * Prints an access token for an e-mail address, obtained from the running provider through its
 * real endpoints (authorization with login_hint, consent, code + PKCE exchange).
 *
 *   npm run token -w @ferry/dev-identity -- alice@example.com [--client ferry-web] [--scope "..."] [--json]
 */
import { fileURLToPath } from 'node:url';
import { loadClients } from './clients.js';
import { DEFAULT_SCOPE, signIn } from './sign-in.js';

const DEFAULT_ISSUER = 'http://localhost:4000';
const DEFAULT_CLIENTS_FILE = fileURLToPath(new URL('../clients.local.json', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !(all[i - 1]?.startsWith('--') && all[i - 1] !== '--json'));
const email = positional[0];
if (!email) {
  process.stderr.write('usage: token <email> [--client <id>] [--scope "<scopes>"] [--json]\n');
  process.exit(2);
}
const issuer = process.env.IDENTITY_ISSUER ?? DEFAULT_ISSUER;
if (!process.env.IDENTITY_ISSUER) process.stderr.write(`IDENTITY_ISSUER not set, using ${DEFAULT_ISSUER}\n`);
const clientsSource = process.env.IDENTITY_CLIENTS ?? DEFAULT_CLIENTS_FILE;
if (!process.env.IDENTITY_CLIENTS) process.stderr.write(`IDENTITY_CLIENTS not set, using ${DEFAULT_CLIENTS_FILE}\n`);
const clients = loadClients(clientsSource);
const wanted = arg('client');
// Default: the first public (PKCE) client with a redirect URI, i.e. the browser app's client.
const client = wanted
  ? clients.find((c) => c.client_id === wanted)
  : clients.find((c) => c.token_endpoint_auth_method === 'none' && c.redirect_uris.length > 0);
if (!client || client.redirect_uris.length === 0) {
  process.stderr.write(`no usable client ${wanted ?? '(public client with a redirect URI)'} in IDENTITY_CLIENTS\n`);
  process.exit(2);
}
try {
  const tokens = await signIn({
    issuer,
    clientId: client.client_id,
    clientSecret: client.token_endpoint_auth_method === 'none' ? undefined : client.client_secret,
    redirectUri: client.redirect_uris[0]!,
    email,
    scope: arg('scope') ?? DEFAULT_SCOPE,
  });
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(tokens, null, 2)}\n` : `${tokens.access_token}\n`,
  );
} catch (err) {
  process.stderr.write(`token: ${(err as Error).message}\n(is the identity provider running at ${issuer}?)\n`);
  process.exit(1);
}
