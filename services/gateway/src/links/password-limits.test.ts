import { describe, expect, it } from 'vitest';
import { PASSWORD_TRIES_PER_CLIENT, PASSWORD_TRIES_PER_LINK, PasswordLimits } from './password-limits.js';

describe('password guess limits', () => {
  it('holds a client off one link after its tries, and not another link', async () => {
    const limits = new PasswordLimits();
    for (let i = 0; i < PASSWORD_TRIES_PER_CLIENT; i++) expect(await limits.admit('203.0.113.7', 'aaaaaa')).toBe(0);
    expect(await limits.admit('203.0.113.7', 'aaaaaa')).toBeGreaterThan(0);
    expect(await limits.admit('203.0.113.7', 'bbbbbb')).toBe(0);
    expect(await limits.admit('198.51.100.1', 'aaaaaa')).toBe(0);
  });

  it('holds everyone off a link after its tries from many clients', async () => {
    const limits = new PasswordLimits();
    for (let i = 0; i < PASSWORD_TRIES_PER_LINK; i++) expect(await limits.admit(`203.0.113.${i}`, 'cccccc')).toBe(0);
    expect(await limits.admit('198.51.100.9', 'cccccc')).toBeGreaterThan(0);
  });
});
