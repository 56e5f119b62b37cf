import { Router, type Request, type Response } from 'express';
import * as client from 'openid-client';
import { safeReturnPath } from '@ferry/rules';
import { AUTH_FLOW_TTL_MS, flowCookieName, FlowSealer, readCookie, type AuthFlowState } from './flow-cookie.js';
import { SIGN_IN_SCOPES, type OidcProvider } from './oidc.js';
import type { TokenVerifier } from './token-verifier.js';
import { bearerToken } from './require-auth.js';
import { HandoverBody, SignInCallbackQuery, SignInQuery, type HandoverResponse } from '@ferry/http-contract';
import { bodyObject, parseRequest } from '../http/validate.js';
import { sameOrigin } from '../http/same-origin.js';
import {
  browserBinding,
  browserKeyOf,
  HANDOVER_CODE_TTL_MS,
  HANDOVER_COOKIE,
  handoverCodes,
  newBrowserKey,
  type HandoverCodes,
} from './handover.js';
import type { OfflineGrantStore } from './offline-grant.js';
import type { SessionCutoffs } from './session-cutoffs.js';

/** Where the shell takes over after a sign-in: it redeems the hand-over code of the fragment (or shows the error). */
export const SHELL_CALLBACK_PATH = '/auth/callback';

export interface AuthRouteDeps {
  oidc: OidcProvider;
  verifier: TokenVerifier;
  /** Receives the refresh token of an interactive sign-in and forgets it on sign-out; absent = no offline access. */
  grants?: OfflineGrantStore;
  /** Sessions cut off by an account deletion; a token handed out here after the cut-off works. */
  cutoffs?: SessionCutoffs;
  /** Where the one-time hand-over codes live (Redis when the gateways share one); absent = in this process. */
  handover?: HandoverCodes;
}

/** Errors the shell may show; anything else from the provider is reported as `server_error`. */
const KNOWN_ERRORS = new Set([
  'access_denied',
  'consent_required',
  'login_required',
  'interaction_required',
  'account_selection_required',
  'invalid_state',
  'server_error',
  'temporarily_unavailable',
]);

function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

/**
 * `GET /api/auth/{provider}` starts the authorization code flow (state, PKCE S256, nonce) and names
 * the browser that starts it (the `ferry_handover` cookie); `GET /api/auth/{provider}/callback`
 * exchanges the code server-side and sends the shell to `/auth/callback#code=…` with a one-time
 * hand-over code (fragments never reach a server, a log or a Referer header), which the shell
 * redeems for the access token with `POST /api/auth/handover`: once, within a minute, and only
 * with the cookie of the browser that started the sign-in. So a crafted callback link cannot sign
 * anybody into another account. An interactive sign-in also asks for offline access (`access_type=offline`,
 * with the consent prompt): the refresh token goes to `grants` (the link service) and never to
 * the browser or a log. `POST /api/auth/revoke` revokes the caller's token at the provider (logout):
 * only a token issued to Ferry's own client, and it answers 204 only once the provider revoked it
 * and the stored offline grant is deleted.
 */
export function authRoutes(deps: AuthRouteDeps): Router {
  const { oidc, verifier, grants, cutoffs } = deps;
  const handover = deps.handover ?? handoverCodes({});
  const { provider, publicOrigin, clientId, clientSecret } = oidc.settings;
  const sealer = new FlowSealer(clientSecret);
  const secure = publicOrigin.startsWith('https:');
  const router = Router();

  const cookieOptions = { httpOnly: true, secure, sameSite: 'lax' as const, path: `/api/auth/${provider}/callback` };
  // Sent to the start (kept across attempts), the callback and the hand-over; lives as long as an attempt may.
  const browserCookieOptions = { httpOnly: true, secure, sameSite: 'lax' as const, path: '/api/auth' };

  /** Interactive failures go home with the error (spec §4); silent ones go back to the shell quietly. */
  function fail(res: Response, error: string, flow: AuthFlowState | undefined, description?: string): void {
    const code = KNOWN_ERRORS.has(error) ? error : 'server_error';
    noStore(res);
    if (flow?.silent) {
      const fragment = new URLSearchParams({ error: code, silent: '1' });
      if (flow.next) fragment.set('next', flow.next);
      res.redirect(303, `${SHELL_CALLBACK_PATH}#${fragment}`);
      return;
    }
    const query = new URLSearchParams({ error: code });
    if (description) query.set('error_description', description.slice(0, 200));
    res.redirect(303, `/?${query}`);
  }

  // The shell does not need to know which provider this environment uses: `/api/auth/login`
  // forwards (query kept) to `/api/auth/{provider}` of the configured one.
  router.get('/auth/login', (req: Request, res: Response) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    noStore(res);
    res.redirect(302, `/api/auth/${provider}${query}`);
  });

  router.get('/auth/:provider', async (req: Request, res: Response) => {
    if (req.params.provider !== provider) {
      res
        .status(404)
        .json({ error: `Unknown sign-in provider "${String(req.params.provider)}"`, code: 'unknown_provider' });
      return;
    }
    const query = parseRequest(SignInQuery, req.query);
    const silent = query.prompt === 'none';
    const next = safeReturnPath(query.next);
    let config: client.Configuration;
    try {
      config = await oidc.configuration();
    } catch (err) {
      req.log.error({ error: (err as Error).message }, 'sign-in provider discovery failed');
      fail(res, 'temporarily_unavailable', { silent } as AuthFlowState, 'The sign-in provider is not reachable.');
      return;
    }
    const browserKey = browserKeyOf(readCookie(req.headers.cookie, HANDOVER_COOKIE)) ?? newBrowserKey();
    const flow: AuthFlowState = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      silent,
      startedAt: Date.now(),
      browser: browserBinding(browserKey),
      ...(next ? { next } : {}),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: oidc.redirectUri,
      scope: SIGN_IN_SCOPES,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      // Spec §6: interactive sign-in always asks for consent; the silent refresh never shows a page.
      prompt: silent ? 'none' : 'consent',
      // A refresh token for server-side work while the user is away (the expiry sweeper). Asked
      // only with the consent prompt: Google answers one only then, the silent refresh keeps it.
      ...(grants && !silent ? { access_type: 'offline' } : {}),
    });
    noStore(res);
    res.cookie(flowCookieName(flow.state), sealer.seal(flow), { ...cookieOptions, maxAge: AUTH_FLOW_TTL_MS });
    res.cookie(HANDOVER_COOKIE, browserKey, {
      ...browserCookieOptions,
      maxAge: AUTH_FLOW_TTL_MS + HANDOVER_CODE_TTL_MS,
    });
    res.redirect(302, url.href);
  });

  router.get('/auth/:provider/callback', async (req: Request, res: Response) => {
    if (req.params.provider !== provider) {
      res
        .status(404)
        .json({ error: `Unknown sign-in provider "${String(req.params.provider)}"`, code: 'unknown_provider' });
      return;
    }
    const query = parseRequest(SignInCallbackQuery, req.query);
    const state = query.state ?? '';
    const cookieName = state ? flowCookieName(state) : '';
    const flow = state ? sealer.unseal(readCookie(req.headers.cookie, cookieName)) : undefined;
    if (cookieName) res.clearCookie(cookieName, cookieOptions);
    if (!flow || flow.state !== state) {
      req.log.warn('sign-in callback without a matching flow (expired, replayed or forged state)');
      fail(res, 'invalid_state', undefined, 'The sign-in attempt expired. Please try again.');
      return;
    }
    if (query.error !== undefined) {
      req.log.info({ error: query.error, silent: flow.silent }, 'sign-in refused by the provider');
      fail(res, query.error, flow, query.error_description);
      return;
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      const config = await oidc.configuration();
      const currentUrl = new URL(req.originalUrl, publicOrigin);
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      // Never log the error object itself: some carry the request, which holds the code.
      req.log.warn(
        { error: (err as Error).name, message: (err as Error).message.slice(0, 200) },
        'code exchange failed',
      );
      fail(res, 'server_error', flow, 'Sign-in could not be completed.');
      return;
    }
    // A sign-in after "sign out everywhere" (a deleted account coming back) is a new session.
    const signedIn = tokens.claims()?.sub;
    if (cutoffs && signedIn) await cutoffs.admit(signedIn, tokens.access_token);
    if (grants && tokens.refresh_token) await keepOfflineGrant(req, tokens);
    const code = await handover.issue(
      { accessToken: tokens.access_token, expiresIn: tokens.expires_in ?? 3600 },
      flow.browser,
    );
    const fragment = new URLSearchParams({ code });
    if (flow.next) fragment.set('next', flow.next);
    if (flow.silent) fragment.set('silent', '1');
    req.log.info({ silent: flow.silent }, 'sign-in completed');
    noStore(res);
    res.redirect(303, `${SHELL_CALLBACK_PATH}#${fragment}`);
  });

  /** A failure does not fail the sign-in: the user is signed in, only the offline clean-up waits for the next one. */
  async function keepOfflineGrant(
    req: Request,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<void> {
    try {
      // The user as every API call sees them (userinfo, cached for the calls that follow): an ID
      // token need not carry the e-mail.
      const user = await verifier.verify(tokens.access_token);
      if (!user.ok) throw new Error(`the new access token was refused (${user.status})`);
      await grants!.store(
        { sub: user.identity.sub, email: user.identity.email },
        tokens.refresh_token!,
        tokens.scope ?? '',
        req.id,
      );
    } catch (err) {
      req.log.warn({ error: (err as Error).message.slice(0, 200) }, 'offline grant could not be stored');
    }
  }

  router.post('/auth/handover', sameOrigin(publicOrigin), async (req: Request, res: Response) => {
    noStore(res);
    const { code } = parseRequest(HandoverBody, bodyObject(req.body));
    // Redeemed even without the cookie: a code is burnt by its first try, right or wrong.
    const browserKey = browserKeyOf(readCookie(req.headers.cookie, HANDOVER_COOKIE)) ?? '';
    const grant = await handover.redeem(code, browserKey);
    if (!grant) {
      req.log.warn(
        { cookie: browserKey !== '' },
        'hand-over refused: unknown, used or expired code, or not the browser that started the sign-in',
      );
      res.status(400).json({
        error:
          'This sign-in was not started in this browser, or its hand-over expired or was used. Please sign in again.',
        code: 'invalid_grant',
      });
      return;
    }
    const body: HandoverResponse = {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: grant.expiresIn,
    };
    res.json(body);
  });

  router.post('/auth/revoke', async (req: Request, res: Response) => {
    const token = bearerToken(req);
    noStore(res);
    if (!token) {
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer')
        .json({ error: 'A bearer token is required', code: 'unauthenticated' });
      return;
    }
    try {
      const info = await oidc.tokenInfo(token);
      if (!info.valid) {
        await verifier.forget(token);
        res
          .status(401)
          .setHeader('WWW-Authenticate', 'Bearer error="invalid_token"')
          .json({ error: 'The token is expired or already revoked', code: 'invalid_token' });
        return;
      }
      // Ferry revokes only what Ferry issued: another app's token is that app's (and its user's) to revoke.
      if (info.clientId !== clientId) {
        req.log.warn('revocation refused: the token was issued to another client');
        res.status(403).json({
          error: 'This token was not issued to Ferry; it can only be revoked by the app it was issued to',
          code: 'foreign_token',
        });
        return;
      }
      // Who signs out, asked before the token is revoked: their stored offline grant goes too.
      const user = grants ? await verifier.verify(token) : undefined;
      const config = await oidc.configuration();
      if (!config.serverMetadata().revocation_endpoint)
        throw new Error('the provider publishes no revocation_endpoint');
      await client.tokenRevocation(config, token, { token_type_hint: 'access_token' });
      if (user?.ok) await grants!.remove({ sub: user.identity.sub, email: user.identity.email }, req.id);
    } catch (err) {
      // The shell signs out locally anyway; the caller learns that the token may still be valid.
      req.log.warn(
        { error: (err as Error).name, message: (err as Error).message.slice(0, 200) },
        'token revocation failed',
      );
      res.status(502).json({
        error: 'The sign-in provider could not revoke the token. Please try again.',
        code: 'revocation_failed',
      });
      return;
    }
    // Forgotten only now: a verification running meanwhile would have cached the still-valid token again.
    await verifier.forget(token);
    res.status(204).end();
  });

  return router;
}
