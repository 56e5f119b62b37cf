import { describe, expect, it } from 'vitest';
import { chooseReturnPath, fallbackReturnPath } from './return-path';

describe('return path (spec §5)', () => {
  it('falls back to /upload plus the current query string', () => {
    expect(fallbackReturnPath('?x=1')).toBe('/upload?x=1');
    expect(fallbackReturnPath('')).toBe('/upload');
    expect(chooseReturnPath(['//evil.example', undefined], '?x=1')).toBe('/upload?x=1');
    expect(chooseReturnPath(['//evil.example', '/account'], '')).toBe('/account');
  });
});
