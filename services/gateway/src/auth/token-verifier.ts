import type { AudienceCheck } from './token-audience.js';
import { tokenCacheKey, type TokenCache, type VerifiedIdentity } from './token-cache.js';

/** A verified token stays trusted this long without asking the provider again. */
export const TOKEN_CACHE_TTL_MS = 30_000;

/** What the provider's userinfo endpoint said about a token. */
export type UserinfoResult = { ok: true; identity: VerifiedIdentity } | { ok: false; status: 401 | 403 };

/** Asks the provider about a token; throws when the provider cannot answer (network, 5xx). */
export type UserinfoLookup = (token: string) => Promise<UserinfoResult>;

export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/** A valid token that the provider issued to another app (RFC 6750 `invalid_token` for Ferry). */
interface ForeignToken {
  ok: false;
  status: 401;
  code: 'foreign_token';
}

/** The verifier's answer: the identity, or why the token is refused. */
export type VerifyResult = UserinfoResult | ForeignToken;

export interface TokenVerifier {
  verify(token: string): Promise<VerifyResult>;
  /** Forgets a token at once (after revocation or logout). */
  forget(token: string): Promise<void>;
}

/**
 * Verifies bearer tokens with the provider: who the user is (userinfo) and that the token was
 * issued to one of Ferry's clients (`audience`), both asked at once. Accepted tokens are cached for
 * `ttlMs`; concurrent checks of one token share a single pair of provider calls, so a burst of API
 * calls costs one verification. Rejections are not cached: a token that becomes valid is not
 * locked out.
 */
export function createTokenVerifier(opts: {
  lookup: UserinfoLookup;
  audience: AudienceCheck;
  cache: TokenCache;
  ttlMs?: number;
}): TokenVerifier {
  const ttlMs = opts.ttlMs ?? TOKEN_CACHE_TTL_MS;
  const inFlight = new Map<string, Promise<VerifyResult>>();

  async function verifyUncached(token: string, key: string): Promise<VerifyResult> {
    const cached = await opts.cache.get(key);
    if (cached) return { ok: true, identity: cached };
    const [verdict, result] = await Promise.all([opts.audience(token), opts.lookup(token)]);
    if (verdict === 'invalid') return { ok: false, status: 401 };
    if (verdict === 'foreign') return { ok: false, status: 401, code: 'foreign_token' };
    if (result.ok) await opts.cache.set(key, result.identity, ttlMs);
    return result;
  }

  return {
    verify(token) {
      const key = tokenCacheKey(token);
      const running = inFlight.get(key);
      if (running) return running;
      const p = verifyUncached(token, key).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
    async forget(token) {
      await opts.cache.delete(tokenCacheKey(token));
    },
  };
}

/** Userinfo over HTTP (OpenID Connect Core §5.3); Google and dev-identity answer the same way. */
export function userinfoLookup(
  endpoint: () => Promise<string>,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
): UserinfoLookup {
  return async (token) => {
    let res: Response;
    try {
      res = await fetchImpl(await endpoint(), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`userinfo request failed: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 400) {
      await res.body?.cancel();
      return { ok: false, status: 401 };
    }
    if (res.status === 403) {
      await res.body?.cancel();
      return { ok: false, status: 403 };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderUnavailableError(`userinfo answered HTTP ${res.status}`);
    }
    const body = (await res.json()) as Record<string, unknown>;
    const sub = typeof body.sub === 'string' ? body.sub : '';
    const email = typeof body.email === 'string' ? body.email : '';
    // Ferry needs both: the subject identifies the account, the e-mail addresses its mail.
    if (!sub || !email) return { ok: false, status: 403 };
    const identity: VerifiedIdentity = { sub, email };
    // Google sends a boolean, some providers the string "true".
    if (body.email_verified === true || body.email_verified === 'true') identity.emailVerified = true;
    if (typeof body.name === 'string') identity.name = body.name;
    if (typeof body.picture === 'string') identity.picture = body.picture;
    return { ok: true, identity };
  };
}
