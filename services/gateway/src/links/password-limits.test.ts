import { describe, expect, it } from 'vitest';
import { PASSWORD_TRIES_PER_CLIENT, PasswordLimits, WRONG_PASSWORDS_PER_LINK } from './password-limits.js';

describe('password guess limits', () => {
  it('holds a client off one link after its tries, and not another link', async () => {
    const limits = new PasswordLimits();
    for (let i = 0; i < PASSWORD_TRIES_PER_CLIENT; i++) expect(await limits.admit('203.0.113.7', 'aaaaaa')).toBe(0);
    expect(await limits.admit('203.0.113.7', 'aaaaaa')).toBeGreaterThan(0);
    expect(await limits.admit('203.0.113.7', 'bbbbbb')).toBe(0);
    expect(await limits.admit('198.51.100.1', 'aaaaaa')).toBe(0);
  });

  it('30 wrong passwords from 3 addresses hold off only those 3', async () => {
    const limits = new PasswordLimits();
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      for (let i = 0; i < PASSWORD_TRIES_PER_CLIENT; i++) {
        expect(await limits.admit(client, 'cccccc')).toBe(0);
        await limits.wrong('cccccc');
      }
    expect(await limits.admit('203.0.113.1', 'cccccc')).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await limits.admit('198.51.100.9', 'cccccc')).toBe(0);
  });

  it('past the ceiling of wrong passwords from many addresses, each client still gets its first try, and no more', async () => {
    const limits = new PasswordLimits();
    for (let i = 0; i < WRONG_PASSWORDS_PER_LINK; i++) {
      expect(await limits.admit(`10.${i >> 8}.${i & 255}.1`, 'dddddd')).toBe(0);
      await limits.wrong('dddddd');
    }
    // A recipient who has the password: the first try goes ahead.
    expect(await limits.admit('198.51.100.9', 'dddddd')).toBe(0);
    // A second try from the same client waits for the hour to end.
    const wait = await limits.admit('198.51.100.9', 'dddddd');
    expect(wait).toBeGreaterThan(600);
    expect(wait).toBeLessThanOrEqual(3600);
    // Another link is not touched.
    expect(await limits.admit('198.51.100.9', 'eeeeee')).toBe(0);
    expect(await limits.admit('198.51.100.9', 'eeeeee')).toBe(0);
  });
});
