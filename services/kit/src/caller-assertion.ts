import type { KeyObject } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { decodeJwt, errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { grpcError } from './errors.js';

/**
 * The services that may call another service. The gateway speaks for signed-in users; the link
 * service (first-download events) and the billing service (trial reminders) call notification with
 * their own identity. `test` is a test suite driving a test-only hook (the link service's test
 * clock); only a server started with that hook on holds its public key, so it is an unknown issuer
 * everywhere else.
 */
export type Principal = 'gateway' | 'link' | 'billing' | 'test';
export const PRINCIPALS: readonly Principal[] = ['gateway', 'link', 'billing', 'test'];

/** The signed-in user a call acts for, as verified by the gateway. */
export interface AssertedUser {
  sub: string;
  email: string;
  /**
   * Set only when the gateway verified this user as an administrator (ADMIN_EMAILS, an e-mail the
   * provider verified): the `adm` claim. Admin-only RPCs (GATEWAY_FOR_ADMIN) require it.
   */
  admin?: true;
}

/** Who is calling: a service, and the user it acts for when it acts for one. */
export interface CallerIdentity {
  principal: Principal;
  user?: AssertedUser;
}

/** The metadata key carrying `Bearer <jwt>`. */
export const AUTHORIZATION_METADATA = 'authorization';
/** Longest lifetime a verifier accepts (exp - iat). */
export const MAX_ASSERTION_LIFETIME_S = 60;
const CLOCK_TOLERANCE_S = 5;

export interface CallerSignerOptions {
  /** This process's principal (the `iss` claim). */
  issuer: Principal;
  /** Ed25519 private key only this principal holds. */
  privateKey: KeyObject;
  /** Lifetime of each assertion in seconds, at most 60. */
  lifetimeS?: number;
  /** Most cached assertions (service ones per audience plus users'). */
  maxCached?: number;
  now?: () => number;
}

export interface CallerSigner {
  readonly issuer: Principal;
  /**
   * The service's own assertion for `audience` (a full service name, e.g. ferry.link.v1.LinkService).
   * Cached for half its life and refreshed in the background, so the hot path gets a string back.
   */
  serviceToken(audience: string): string | Promise<string>;
  /** An assertion acting for `user`, cached the same way. */
  userToken(audience: string, user: AssertedUser): string | Promise<string>;
}

interface CachedToken {
  token: string;
  expMs: number;
  refreshing?: Promise<string>;
}

/** Signs short-lived caller assertions (EdDSA JWT: iss, aud, iat, exp, and sub + email when acting for a user). */
export function createCallerSigner(opts: CallerSignerOptions): CallerSigner {
  const lifetimeS = Math.min(opts.lifetimeS ?? MAX_ASSERTION_LIFETIME_S, MAX_ASSERTION_LIFETIME_S);
  const maxCached = opts.maxCached ?? 1_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, CachedToken>();

  const sign = async (key: string, audience: string, user?: AssertedUser): Promise<string> => {
    const iat = Math.floor(now() / 1000);
    const claims = user ? { sub: user.sub, email: user.email, ...(user.admin ? { adm: true } : {}) } : {};
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setIssuer(opts.issuer)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeS)
      .sign(opts.privateKey);
    if (!cache.has(key) && cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    cache.set(key, { token, expMs: (iat + lifetimeS) * 1000 });
    return token;
  };

  const get = (key: string, audience: string, user?: AssertedUser): string | Promise<string> => {
    const cached = cache.get(key);
    const left = cached ? cached.expMs - now() : 0;
    const lifeMs = lifetimeS * 1000;
    // Still good for a while: answer at once; past half its life, sign the next one meanwhile.
    if (cached && left > lifeMs / 4) {
      if (left < lifeMs / 2 && !cached.refreshing) {
        cached.refreshing = sign(key, audience, user);
        cached.refreshing.catch(() => undefined).finally(() => (cached.refreshing = undefined));
      }
      return cached.token;
    }
    if (cached?.refreshing) return cached.refreshing;
    return sign(key, audience, user);
  };

  return {
    issuer: opts.issuer,
    serviceToken: (audience) => get(audience, audience),
    userToken: (audience, user) =>
      get(`${audience}\n${user.sub}\n${user.email}${user.admin ? '\nadmin' : ''}`, audience, user),
  };
}

export interface CallerVerifierOptions {
  /** Public keys of the principals this service accepts calls from; any other issuer is unknown. */
  keys: Partial<Record<Principal, KeyObject>>;
  /** Most verified assertions kept until their exp. */
  maxCached?: number;
  now?: () => number;
}

export interface CallerVerifier {
  /**
   * The identity in `authorization` metadata, verified for `audience`. Throws UNAUTHENTICATED for no
   * assertion, a bad signature, an expired one, another audience or an unknown issuer. Answers
   * synchronously when the same assertion was verified before.
   */
  verify(metadata: grpc.Metadata, audience: string): CallerIdentity | Promise<CallerIdentity>;
}

interface VerifiedToken {
  identity: CallerIdentity;
  audience: string;
  expMs: number;
}

const unauthenticated = (why: string) => grpcError(grpc.status.UNAUTHENTICATED, `caller assertion refused: ${why}`);

function isPrincipal(value: unknown): value is Principal {
  return typeof value === 'string' && (PRINCIPALS as readonly string[]).includes(value);
}

/** Verifies caller assertions with the callers' public keys; verified ones are cached until their exp. */
export function createCallerVerifier(opts: CallerVerifierOptions): CallerVerifier {
  const maxCached = opts.maxCached ?? 10_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, VerifiedToken>();

  const verifyToken = async (token: string, audience: string): Promise<CallerIdentity> => {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw unauthenticated('not a JWT');
    }
    const key = isPrincipal(issuer) ? opts.keys[issuer] : undefined;
    if (!isPrincipal(issuer) || !key) throw unauthenticated('unknown issuer');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['EdDSA'],
        issuer,
        audience,
        requiredClaims: ['iat', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(now()),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError)
        throw unauthenticated(err.code === 'ERR_JWT_EXPIRED' ? 'expired' : err.message);
      throw err;
    }
    const { iat, exp, sub, email, adm } = payload as {
      iat: number;
      exp: number;
      sub?: unknown;
      email?: unknown;
      adm?: unknown;
    };
    if (exp - iat > MAX_ASSERTION_LIFETIME_S) throw unauthenticated(`lives longer than ${MAX_ASSERTION_LIFETIME_S} s`);
    let user: AssertedUser | undefined;
    if (sub !== undefined || email !== undefined) {
      // The e-mail's form is the handlers' to judge (their answers name it); its presence is not.
      if (typeof sub !== 'string' || sub === '' || typeof email !== 'string')
        throw unauthenticated('user needs sub and email');
      if (adm !== undefined && adm !== true) throw unauthenticated('adm must be true when present');
      user = adm === true ? { sub, email, admin: true } : { sub, email };
    }
    const identity: CallerIdentity = user ? { principal: issuer, user } : { principal: issuer };
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    cache.set(token, { identity, audience, expMs: exp * 1000 });
    return identity;
  };

  return {
    verify(metadata, audience) {
      const values = metadata.get(AUTHORIZATION_METADATA);
      if (values.length !== 1 || typeof values[0] !== 'string') throw unauthenticated('no assertion');
      const m = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(values[0]);
      if (!m) throw unauthenticated('expected "Bearer <jwt>"');
      const token = m[1]!;
      const hit = cache.get(token);
      if (hit) {
        if (hit.expMs + CLOCK_TOLERANCE_S * 1000 <= now()) cache.delete(token);
        else if (hit.audience !== audience) throw unauthenticated('assertion is for another service');
        else return hit.identity;
      }
      return verifyToken(token, audience);
    },
  };
}
