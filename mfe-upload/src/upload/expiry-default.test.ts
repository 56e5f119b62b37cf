import { describe, expect, it } from 'vitest';
import { readExpiryDefault, rememberExpiryDefault } from './expiry-default';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('the remembered link life', () => {
  it('is 7 days until the account chose another', () => {
    const s = memoryStorage();
    expect(readExpiryDefault(s, 'ann@example.com')).toBe(7);
    rememberExpiryDefault(s, 'Ann@Example.com ', 3);
    expect(readExpiryDefault(s, 'ann@example.com')).toBe(3);
  });

  it('belongs to one account', () => {
    const s = memoryStorage();
    rememberExpiryDefault(s, 'ann@example.com', 14);
    expect(readExpiryDefault(s, 'bob@example.com')).toBe(7);
  });

  it('reads anything not offered, and a storage that throws, as the default', () => {
    const s = memoryStorage();
    for (const bad of ['2', '30', 'abc', '', '-1']) {
      s.data.set('ferry_link_days:ann@example.com', bad);
      expect(readExpiryDefault(s, 'ann@example.com')).toBe(7);
    }
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readExpiryDefault(broken, 'ann@example.com')).toBe(7);
    expect(() => rememberExpiryDefault(broken, 'ann@example.com', 1)).not.toThrow();
    expect(readExpiryDefault(undefined, 'ann@example.com')).toBe(7);
  });
});
