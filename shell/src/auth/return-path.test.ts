import { describe, expect, it } from 'vitest';
import { chooseReturnPath, fallbackReturnPath, safeReturnPath } from './return-path';

describe('return path (spec §5)', () => {
  it('keeps same-origin paths only', () => {
    expect(safeReturnPath('/upload?x=1')).toBe('/upload?x=1');
    for (const hostile of ['https://evil.example', 'javascript:alert(1)', 'upload', '/\\evil.example', '/\t/evil.example']) expect(safeReturnPath(hostile)).toBeUndefined();
  });
  it('rejects a path starting with //', () => {
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('//evil.example/upload')).toBeUndefined();
  });
  it('falls back to /upload plus the current query string', () => {
    expect(fallbackReturnPath('?x=1')).toBe('/upload?x=1');
    expect(fallbackReturnPath('')).toBe('/upload');
    expect(chooseReturnPath(['//evil.example', undefined], '?x=1')).toBe('/upload?x=1');
    expect(chooseReturnPath(['//evil.example', '/account'], '')).toBe('/account');
  });
});
