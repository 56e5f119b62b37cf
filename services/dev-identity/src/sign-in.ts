import { createHash, randomBytes } from 'node:crypto';

export interface SignInOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  /** Confidential clients authenticate at the token endpoint; public ones rely on PKCE alone. */
  clientSecret?: string;
  scope?: string;
  /** Extra authorization request parameters (prompt, nonce...). */
  extraParams?: Record<string, string>;
}

export interface TokenSet {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  introspection_endpoint: string;
  revocation_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
}

export const DEFAULT_SCOPE = 'openid email profile https://www.googleapis.com/auth/drive.file';

export async function discover(issuer: string): Promise<Discovery> {
  const res = await fetch(new URL('/.well-known/openid-configuration', issuer));
  if (!res.ok) throw new Error(`discovery failed: HTTP ${res.status}`);
  return (await res.json()) as Discovery;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Minimal cookie jar: the provider keeps its session and interaction state in cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type AuthorizeOutcome =
  | { code: string; state: string | null }
  | { error: string; errorDescription: string | null };

/**
 * Drives an authorization request like a browser would, without one: follows redirects, logs in
 * through `login_hint`, and clicks "Allow" on the consent page when `consent` is true.
 */
export async function authorize(
  opts: SignInOptions & { codeChallenge: string; state?: string; consent?: boolean; jar?: CookieJar },
): Promise<AuthorizeOutcome> {
  const d = await discover(opts.issuer);
  const jar = opts.jar ?? new CookieJar();
  const url = new URL(d.authorization_endpoint);
  const params: Record<string, string> = {
    client_id: opts.clientId,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: opts.scope ?? DEFAULT_SCOPE,
    code_challenge: opts.codeChallenge,
    code_challenge_method: 'S256',
    state: opts.state ?? randomBytes(8).toString('hex'),
    login_hint: opts.email,
    ...opts.extraParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);

  let next: { url: string; method: 'GET' | 'POST' } = { url: url.href, method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.method === 'POST' ? '' : undefined,
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(opts.redirectUri)) {
        const code = target.searchParams.get('code');
        if (code) return { code, state: target.searchParams.get('state') };
        return {
          error: target.searchParams.get('error') ?? 'unknown',
          errorDescription: target.searchParams.get('error_description'),
        };
      }
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const body = await res.text();
    const confirm = /action="(\/interaction\/[^"]+\/confirm)"/.exec(body);
    if (res.status === 200 && confirm && opts.consent !== false) {
      next = { url: new URL(confirm[1]!, next.url).href, method: 'POST' };
      continue;
    }
    throw new Error(`sign-in stopped at ${next.url}: HTTP ${res.status} ${body.slice(0, 200)}`);
  }
  throw new Error('sign-in: too many redirects');
}

export async function exchangeCode(
  opts: Pick<SignInOptions, 'issuer' | 'clientId' | 'clientSecret' | 'redirectUri'> & {
    code: string;
    codeVerifier: string;
  },
): Promise<TokenSet> {
  const d = await discover(opts.issuer);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: opts.code,
    redirect_uri: opts.redirectUri,
    code_verifier: opts.codeVerifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (opts.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(opts.clientId)}:${encodeURIComponent(opts.clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', opts.clientId);
  }
  const res = await fetch(d.token_endpoint, { method: 'POST', headers, body });
  const json = (await res.json()) as TokenSet & { error?: string; error_description?: string };
  if (!res.ok) throw new Error(`token endpoint: ${json.error ?? res.status} ${json.error_description ?? ''}`);
  return json;
}

/** Full code + PKCE sign-in through the provider's real endpoints; returns the token response. */
export async function signIn(opts: SignInOptions): Promise<TokenSet> {
  const { verifier, challenge } = pkcePair();
  const outcome = await authorize({ ...opts, codeChallenge: challenge });
  if ('error' in outcome) throw new Error(`authorization failed: ${outcome.error} ${outcome.errorDescription ?? ''}`);
  return exchangeCode({ ...opts, code: outcome.code, codeVerifier: verifier });
}

const unescapeHtml = (v: string) =>
  v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The action and inputs of the first form whose opening tag contains `marker`. */
function formFields(html: string, marker: string): { action: string; fields: Record<string, string> } | undefined {
  const start = html.search(new RegExp(`<form[^>]*${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*>`));
  if (start < 0) return undefined;
  const end = html.indexOf('</form>', start);
  const form = html.slice(start, end < 0 ? undefined : end);
  const action = unescapeHtml(/action="([^"]+)"/.exec(form)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    if (name) fields[name] = unescapeHtml(/value="([^"]*)"/.exec(input[0])?.[1] ?? '');
  }
  return { action, fields };
}

/**
 * Approves a device's sign-in (RFC 8628) as its user would in a browser: opens the verification
 * page with the code, confirms it, signs in as `email` on the login page and allows the consent.
 * Resolves once the provider shows its "device connected" page.
 */
export async function approveDevice(opts: {
  verificationUriComplete: string;
  email: string;
  jar?: CookieJar;
}): Promise<void> {
  const jar = opts.jar ?? new CookieJar();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: opts.verificationUriComplete,
    method: 'GET',
  };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      next = { url: new URL(location, next.url).href, method: 'GET' };
      continue;
    }
    const body = await res.text();
    if (res.status === 200 && body.includes('id="device-done"')) return;
    const confirmDevice = formFields(body, 'id="op.deviceConfirmForm"') ?? formFields(body, 'method="post"');
    const login = /action="(\/interaction\/[^"]+\/login)"/.exec(body);
    const consent = /action="(\/interaction\/[^"]+\/confirm)"/.exec(body);
    if (res.status === 200 && login) {
      next = {
        url: new URL(login[1]!, next.url).href,
        method: 'POST',
        body: new URLSearchParams({ email: opts.email }),
      };
    } else if (res.status === 200 && consent) {
      next = { url: new URL(consent[1]!, next.url).href, method: 'POST', body: new URLSearchParams() };
    } else if (res.status === 200 && confirmDevice) {
      next = {
        url: new URL(confirmDevice.action, next.url).href,
        method: 'POST',
        body: new URLSearchParams(confirmDevice.fields),
      };
    } else {
      throw new Error(`device approval stopped at ${next.url}: HTTP ${res.status} ${body.slice(0, 200)}`);
    }
  }
  throw new Error('device approval: too many steps');
}
