import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ProviderUnavailableError, type TokenVerifier } from './token-verifier.js';

/** The bearer token of a request, or undefined. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return m?.[1];
}

/**
 * The one gate of every protected route: verifies the bearer token with the provider (cached) and
 * puts the verified identity on `req.auth`. Nothing downstream may trust an e-mail from the body.
 * 401 without or with a bad token (`foreign_token`: one the provider issued to another app), 403
 * when the provider refuses it (scope), 502 when it is down.
 */
export function requireAuth(verifier: TokenVerifier): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json({ error: 'Sign-in required', code: 'unauthenticated' });
      return;
    }
    let result: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      result = await verifier.verify(token);
    } catch (err) {
      if (err instanceof ProviderUnavailableError) {
        req.log.warn({ error: err.message }, 'token verification unavailable');
        res.status(502).json({ error: 'The sign-in provider is not reachable', code: 'upstream_unavailable' });
        return;
      }
      throw err;
    }
    if (!result.ok && 'code' in result) {
      // RFC 6750 §3.1: a token Ferry cannot use is `invalid_token`; the code tells the client why.
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      res
        .status(401)
        .json({ error: 'This token was issued to another app. Please sign in to Ferry.', code: result.code });
      return;
    }
    if (!result.ok) {
      res.setHeader(
        'WWW-Authenticate',
        result.status === 401 ? 'Bearer error="invalid_token"' : 'Bearer error="insufficient_scope"',
      );
      res
        .status(result.status)
        .json(
          result.status === 401
            ? { error: 'Sign-in required', code: 'unauthenticated' }
            : { error: 'Access denied', code: 'permission_denied' },
        );
      return;
    }
    req.auth = { sub: result.identity.sub, email: result.identity.email, token, identity: result.identity };
    next();
  };
}
