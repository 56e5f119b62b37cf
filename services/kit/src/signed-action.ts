import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signed one-click actions of Ferry's mails to a sender ("+1 day"): anyone holding the URL may
 * take the action once, without signing in, until it expires. The token is
 * `base64url(payload JSON) "." base64url(HMAC-SHA256(key, "ferry-action.v1." payload))`; the payload
 * names the action, the link, its owner, the expiry and a random id (the link service records the id
 * when the action is taken, so it works once). Any change to the payload breaks the signature.
 */
export type ActionName = 'extend-1d';

export interface ActionClaims {
  action: ActionName;
  /** The link's slug. */
  slug: string;
  /** The owner's account (OIDC sub): the gateway acts for them. */
  ownerSub: string;
  /** The owner's address, for the assertion. */
  ownerEmail: string;
  /** The owner's language: the confirmation page's default. */
  locale: string;
  expiresAtMs: number;
  /** Random, base64url: the single-use key. */
  id: string;
}

export type ActionRefusal = 'malformed' | 'bad_signature' | 'expired';

/** Seven days, as the mails promise. */
export const ACTION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const DOMAIN = 'ferry-action.v1.';
const TOKEN = /^([A-Za-z0-9_-]{20,2000})\.([A-Za-z0-9_-]{43})$/;

interface Wire {
  a: string;
  l: string;
  o: string;
  m: string;
  g: string;
  e: number;
  n: string;
}

export interface ActionSigner {
  sign(claims: Omit<ActionClaims, 'id' | 'expiresAtMs'>, now?: number): string;
  verify(token: string, now?: number): { ok: true; claims: ActionClaims } | { ok: false; reason: ActionRefusal };
}

/** `key`: at least 32 bytes (ACTION_SIGNING_KEY, base64). */
export function actionSigner(key: Buffer): ActionSigner {
  if (key.length < 32) throw new Error('the action signing key must have at least 32 bytes');
  const mac = (payload: string) => createHmac('sha256', key).update(DOMAIN).update(payload).digest();
  return {
    sign(claims, now = Date.now()) {
      const wire: Wire = {
        a: claims.action,
        l: claims.slug,
        o: claims.ownerSub,
        m: claims.ownerEmail,
        g: claims.locale,
        e: Math.floor((now + ACTION_LIFETIME_MS) / 1000),
        n: randomBytes(16).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now = Date.now()) {
      const m = TOKEN.exec(token);
      if (!m) return { ok: false, reason: 'malformed' };
      const [, payload, signature] = m as unknown as [string, string, string];
      // The signature is checked before the payload is read at all, as the text it must be: decoding
      // first would also take a sibling whose unused low bits differ (non-canonical base64url).
      if (!timingSafeEqual(Buffer.from(mac(payload).toString('base64url')), Buffer.from(signature)))
        return { ok: false, reason: 'bad_signature' };
      let wire: Partial<Wire>;
      try {
        wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Wire>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (
        wire.a !== 'extend-1d' ||
        typeof wire.l !== 'string' ||
        typeof wire.o !== 'string' ||
        typeof wire.m !== 'string' ||
        typeof wire.g !== 'string' ||
        typeof wire.e !== 'number' ||
        typeof wire.n !== 'string'
      )
        return { ok: false, reason: 'malformed' };
      if (wire.e * 1000 <= now) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        claims: {
          action: wire.a,
          slug: wire.l,
          ownerSub: wire.o,
          ownerEmail: wire.m,
          locale: wire.g,
          expiresAtMs: wire.e * 1000,
          id: wire.n,
        },
      };
    },
  };
}
