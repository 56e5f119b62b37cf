import { API_ROUTES, type AuthenticatedRouteId } from '@ferry/http-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsCli, signInAsOtherApp } from '../support/client-sign-in.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/**
 * Another app's token, for the same person and from the same provider, holding only the sign-in
 * scopes: valid at the provider, and refused by every authenticated route of the contract before
 * anything is read or changed.
 */
interface Case {
  /** Whose token the other app holds: the administrators' routes are tried with an administrator's. */
  as?: 'admin';
  /** The request as an attack would send it: `{slug}` is the victim's own link. */
  query?: string;
  body?: unknown;
  /** Not the gate's 401: `POST /api/auth/revoke` answers 403 `foreign_token` and revokes nothing. */
  refusal?: 403;
}

const reason = { reason: 'taken over' };
// A new authenticated route in the contract does not compile until it has a case here.
const CASES: Record<AuthenticatedRouteId, Case> = {
  signOut: { refusal: 403 },
  me: {},
  exportMyData: { query: 'tz=UTC' },
  deleteMyAccount: { body: { trashFiles: true } },
  getAccountDeletion: {},
  shorten: { body: { fileId: 'victim-file' } },
  shortenCreate: { body: { fileId: 'victim-file' } },
  extend: { body: { slug: '{slug}' } },
  extendUpdate: { body: { slug: '{slug}' } },
  extendShortlink: { body: { slug: '{slug}' } },
  deleteLink: { body: { slug: '{slug}' } },
  shortlink: { body: { slug: 'taken', token: 'x' } },
  invalidate: { query: 'slug={slug}&invalidate=1' },
  links: {},
  shareEmail: { body: { slug: '{slug}', to: ['attacker@example.com'] } },
  setLinkAccess: { body: { password: null, downloadLimit: null } },
  getLinkStats: { query: 'tz=UTC' },
  trialStart: {},
  accessStatus: {},
  cancel: {},
  billingCheckout: { body: { plan: 'monthly' } },
  billingPortal: {},
  billingResume: {},
  devClockAdvance: { body: { days: 30 } },
  accountStanding: {},
  adminReports: { as: 'admin' },
  adminSuspensions: { as: 'admin' },
  adminAudit: { as: 'admin' },
  adminDisableLink: { as: 'admin', body: reason },
  adminRestoreLink: { as: 'admin', body: reason },
  adminSuspendAccount: { as: 'admin', body: { ...reason, email: '{victim}' } },
  adminRestoreAccount: { as: 'admin', body: { ...reason, email: '{victim}' } },
};

describe('a token issued to another app', () => {
  let stack: SuiteStack | undefined;
  const run = Date.now().toString(36);
  const victim = `foreign-victim-${run}@example.com`;
  // The single-machine administrator (ADMIN_EMAILS' default in scripts/lib/stack.ts).
  const admin = 'admin@ferry.localhost';
  const tokens = { web: '', cli: '', foreign: '', foreignAdmin: '' };
  let slug = '';

  const call = (method: string, path: string, token: string, body?: unknown): Promise<Response> =>
    fetch(`${stack!.baseUrl}${path}`, {
      method: method.toUpperCase(),
      redirect: 'manual',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The victim's link, made with the web app's token on a file in the victim's drive. */
  async function victimLink(): Promise<string> {
    const files = `${stack!.driveRootUrl}/drive/v3/files`;
    const headers = { authorization: `Bearer ${tokens.web}`, 'content-type': 'application/json' };
    const create = async (meta: object) =>
      ((await (await fetch(files, { method: 'POST', headers, body: JSON.stringify(meta) })).json()) as { id: string })
        .id;
    const root = await create({
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const fileId = await create({ name: 'payroll.pdf', mimeType: 'application/pdf', parents: [root] });
    await fetch(`${files}/${fileId}/permissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    });
    const res = await call('post', '/api/shorten', tokens.web, { fileId });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { slug: string }).slug;
  }

  beforeAll(async () => {
    stack = await stackForSuite();
    tokens.web = await signInAsWebApp(stack, victim);
    tokens.cli = await signInAsCli(stack, victim);
    tokens.foreign = await signInAsOtherApp(stack, victim);
    tokens.foreignAdmin = await signInAsOtherApp(stack, admin);
    slug = await victimLink();
  }, 420_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('is valid at the provider, for the same person', async () => {
    const userinfo = await fetch(`${stack!.identityIssuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${tokens.foreign}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ email: victim });
  });

  it('is refused by every authenticated route: 401 foreign_token (revoke: 403), nothing read or changed', async () => {
    const authenticated = API_ROUTES.filter((r) => r.auth).map((r) => r.operationId);
    expect(Object.keys(CASES).sort()).toEqual([...authenticated].sort());
    const fill = (text: string) => text.replaceAll('{slug}', slug).replaceAll('{victim}', victim);
    const refusals: string[] = [];
    for (const [id, c] of Object.entries(CASES) as [AuthenticatedRouteId, Case][]) {
      const route = API_ROUTES.find((r) => r.operationId === id)!;
      const path = fill(route.path) + (c.query ? `?${fill(c.query)}` : '');
      const body = c.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(c.body)));
      const res = await call(route.method, path, c.as === 'admin' ? tokens.foreignAdmin : tokens.foreign, body);
      const answer = (await res.json().catch(() => ({}))) as { code?: string };
      const expected = c.refusal ?? 401;
      if (res.status !== expected || answer.code !== 'foreign_token')
        refusals.push(`${id} (${route.method.toUpperCase()} ${path}): ${res.status} ${JSON.stringify(answer)}`);
      else if (expected === 401 && res.headers.get('www-authenticate') !== 'Bearer error="invalid_token"')
        refusals.push(`${id}: WWW-Authenticate ${res.headers.get('www-authenticate')}`);
    }
    expect(refusals).toEqual([]);

    // Nothing happened to the victim: the account, the link and the token are as they were.
    const links = await call('get', '/api/links', tokens.web);
    expect(links.status).toBe(200);
    expect(JSON.stringify(await links.json())).toContain(slug);
    expect((await fetch(`${stack!.baseUrl}/api/d/${slug}`, { redirect: 'manual' })).status).toBe(302);
    const stillValid = await fetch(`${stack!.identityIssuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${tokens.foreign}` },
    });
    expect(stillValid.status, 'revoke refused, so the other app keeps its token').toBe(200);
  });

  it("accepts Ferry's own clients: the web app's token and the command-line sender's", async () => {
    for (const [client, token] of [
      ['web app', tokens.web],
      ['CLI', tokens.cli],
    ] as const) {
      const me = await call('get', '/api/me', token);
      expect(me.status, client).toBe(200);
      expect(await me.json(), client).toMatchObject({ email: victim });
      const links = await call('get', '/api/links', token);
      expect(links.status, client).toBe(200);
      expect(JSON.stringify(await links.json()), client).toContain(slug);
    }
  });
});
