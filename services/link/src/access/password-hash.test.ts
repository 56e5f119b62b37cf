import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('download password hash', () => {
  it('verifies the password it hashed and refuses any other', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a composed and a decomposed accent as the same password', async () => {
    const stored = await hashPassword('caf\u00e9');
    await expect(verifyPassword('cafe\u0301', stored)).resolves.toBe(true);
  });

  it('refuses a stored value of another format', async () => {
    await expect(verifyPassword('x', 'plain')).resolves.toBe(false);
    await expect(
      verifyPassword('x', 'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ).resolves.toBe(false);
  });
});
