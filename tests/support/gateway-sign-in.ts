/** A sign-in that reached the shell's page: `/auth/callback#code=…`, its code not yet redeemed. */
export interface GatewayCallback {
  callback: URL;
  /** The hand-over code of the callback's fragment. */
  code: string;
  /** The Cookie header this browser sends to the gateway's `/api/auth/*` (its `ferry_handover`). */
  cookie: string;
  /** What the shell does there: `POST /api/auth/handover` with the code and this browser's cookies. */
  redeem(): Promise<string>;
}

/**
 * A sign-in through the gateway (`/api/auth/local`) as a browser does it against the local
 * identity provider: redirects with cookies per host, the e-mail on the login page, "Allow" on the
 * consent page, until the gateway sends the browser to `/auth/callback#code=…`; then the code is
 * redeemed as the shell does (the gateway gives the token only to the browser that started).
 */
export async function signInThroughGateway(
  baseUrl: string,
  email: string,
): Promise<{ accessToken: string; callback: URL }> {
  const { callback, redeem } = await gatewayCallback(baseUrl, email);
  return { accessToken: await redeem(), callback };
}

/** signInThroughGateway up to the shell's page, without redeeming the code. */
export async function gatewayCallback(baseUrl: string, email: string): Promise<GatewayCallback> {
  const jars = new Map<string, Map<string, string>>();
  const jar = (url: URL) => jars.get(url.host) ?? jars.set(url.host, new Map()).get(url.host)!;
  const visit = async (url: URL, body?: string): Promise<Response> => {
    const cookies = jar(url);
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  const origin = new URL(baseUrl).origin;
  let next = { url: new URL('/api/auth/local', baseUrl), body: undefined as string | undefined };
  for (let hop = 0; hop < 25; hop++) {
    const res = await visit(next.url, next.body);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.origin === origin && target.pathname === '/auth/callback') {
        const code = new URLSearchParams(target.hash.slice(1)).get('code');
        if (!code) throw new Error(`sign-in ended without a hand-over code: ${target.hash.slice(0, 100)}`);
        const handover = new URL('/api/auth/handover', origin);
        const cookie = [...jar(handover)].map(([k, v]) => `${k}=${v}`).join('; ');
        const redeem = async (): Promise<string> => {
          const res = await fetch(handover, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ code }),
          });
          const body = (await res.json()) as { access_token?: string };
          if (res.status !== 200 || !body.access_token)
            throw new Error(`hand-over refused: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
          return body.access_token;
        };
        return { callback: target, code, cookie, redeem };
      }
      next = { url: target, body: undefined };
      continue;
    }
    const html = await res.text();
    const login = /action="(\/interaction\/[^"]+\/login)"/.exec(html);
    const confirm = /action="(\/interaction\/[^"]+\/confirm)"/.exec(html);
    if (res.status === 200 && login)
      next = { url: new URL(login[1]!, next.url), body: `email=${encodeURIComponent(email)}` };
    else if (res.status === 200 && confirm) next = { url: new URL(confirm[1]!, next.url), body: '' };
    else throw new Error(`sign-in stopped at ${next.url.href}: HTTP ${res.status} ${html.slice(0, 200)}`);
  }
  throw new Error('sign-in: too many redirects');
}
