import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACTION_LIFETIME_MS, actionSigner } from './signed-action.js';

const claims = {
  action: 'extend-1d' as const,
  slug: 'AbCdEfGh123',
  ownerSub: 'sub-1',
  ownerEmail: 'o@example.com',
  locale: 'de',
};

describe('signed one-click actions', () => {
  const signer = actionSigner(randomBytes(32));
  const now = Date.UTC(2026, 10, 25, 12);

  it('verifies its own token within 7 days, with a fresh single-use id each time', () => {
    const token = signer.sign(claims, now);
    const result = signer.verify(token, now + ACTION_LIFETIME_MS - 1000);
    expect(result).toMatchObject({ ok: true, claims: { ...claims, expiresAtMs: now + ACTION_LIFETIME_MS } });
    const other = signer.verify(signer.sign(claims, now), now);
    expect(other.ok && result.ok && other.claims.id !== result.claims.id).toBe(true);
  });

  it('refuses an expired token', () => {
    const token = signer.sign(claims, now);
    expect(signer.verify(token, now + ACTION_LIFETIME_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses an altered payload (another link, a later expiry) and an altered signature', () => {
    const token = signer.sign(claims, now);
    const [payload, signature] = token.split('.') as [string, string];
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString());
    for (const change of [{ l: 'OtherSlug12' }, { e: wire.e + 86_400 }, { o: 'sub-2' }]) {
      const forged = Buffer.from(JSON.stringify({ ...wire, ...change })).toString('base64url');
      expect(signer.verify(`${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    }
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(signer.verify(`${payload}.${flipped}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a signature whose last character is swapped for its low-bit sibling (non-canonical base64url)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const token = signer.sign(claims, now);
    const last = alphabet.indexOf(token.at(-1)!);
    // 43 characters carry 258 bits for 256: the last one's two low bits are unused, so these decode alike.
    const sibling = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(sibling.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
    expect(signer.verify(sibling, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(signer.verify(token, now).ok).toBe(true);
  });

  it('refuses a token signed with another key, and garbage', () => {
    const foreign = actionSigner(randomBytes(32)).sign(claims, now);
    expect(signer.verify(foreign, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(signer.verify('', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.verify('a.b', now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a short key', () => {
    expect(() => actionSigner(randomBytes(16))).toThrow(/32 bytes/);
  });
});
