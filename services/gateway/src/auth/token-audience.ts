import { ProviderUnavailableError } from './token-verifier.js';

/**
 * What the provider says about an access token: valid or not, and which OAuth client it was issued
 * to (`clientId`, the authorized party) and for whom (`audience`).
 */
export type TokenInfo = { valid: true; clientId: string; audience: readonly string[] } | { valid: false };

/** Asks the provider about a token; throws ProviderUnavailableError when it cannot answer (network, 5xx). */
export type TokenInfoLookup = (token: string) => Promise<TokenInfo>;

/** Whether a token is Ferry's: `invalid` (expired, revoked, unknown), `foreign` (another app's) or `ferry`. */
export type AudienceVerdict = 'ferry' | 'foreign' | 'invalid';

/** The one audience check the verifier calls. */
export type AudienceCheck = (token: string) => Promise<AudienceVerdict>;

/**
 * Google's tokeninfo (`GET https://oauth2.googleapis.com/tokeninfo?access_token=…`, beside its token
 * endpoint but not in the discovery document). For an access token it answers `azp` and `aud` (the
 * client it was issued to), `sub`, `scope`, `exp`, `expires_in` and, with the email scope, `email`;
 * 400 for a token it does not know. dev-identity answers the same at the same place, so production
 * and the single machine run this one code against a real endpoint.
 */
export function tokeninfoLookup(
  endpoint: () => Promise<string>,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
): TokenInfoLookup {
  return async (token) => {
    let res: Response;
    try {
      const url = new URL(await endpoint());
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
    let body: Record<string, unknown>;
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      throw new ProviderUnavailableError(`tokeninfo answered no JSON: ${(err as Error).message}`);
    }
    const audience = (Array.isArray(body.aud) ? body.aud : [body.aud]).filter(
      (a): a is string => typeof a === 'string' && a !== '',
    );
    const azp = typeof body.azp === 'string' && body.azp !== '' ? body.azp : undefined;
    // No azp: the token's only audience is the client it was issued to (OAuth 2.0 access tokens at Google).
    const clientId = azp ?? (audience.length === 1 ? audience[0] : undefined);
    return clientId ? { valid: true, clientId, audience } : { valid: false };
  };
}

/**
 * A token is Ferry's when the client it was issued to (its authorized party) is one of Ferry's, and
 * so is every audience it names: a token that another app obtained for Ferry's users, with the same
 * provider and the same sign-in scopes, reads nothing here.
 */
export function issuedToFerry(info: TokenInfo, acceptedClientIds: ReadonlySet<string>): AudienceVerdict {
  if (!info.valid) return 'invalid';
  if (!acceptedClientIds.has(info.clientId)) return 'foreign';
  return info.audience.every((a) => acceptedClientIds.has(a)) ? 'ferry' : 'foreign';
}

/** The audience check against Ferry's client ids (OIDC_CLIENT_ID and OIDC_ACCEPTED_CLIENT_IDS). */
export function audienceCheck(lookup: TokenInfoLookup, acceptedClientIds: Iterable<string>): AudienceCheck {
  const accepted = new Set(acceptedClientIds);
  if (accepted.size === 0) throw new Error('audienceCheck: no accepted client id');
  return async (token) => issuedToFerry(await lookup(token), accepted);
}
