import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnPath('/upload?x=1')).toBe('/upload?x=1');
    expect(safeReturnPath('/d/abc')).toBe('/d/abc');
  });
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'upload', '', '/\t/evil.example', '/a\nb', undefined, 42])(
    'refuses %j',
    (raw) => {
      expect(safeReturnPath(raw)).toBeUndefined();
    },
  );
});
