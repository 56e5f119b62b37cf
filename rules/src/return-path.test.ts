import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX, safeReturnPath } from './return-path.js';

describe('safeReturnPath (spec §5)', () => {
  it('answers a path on Ferry itself or nothing, for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
        ),
        (raw) => {
          const safe = safeReturnPath(raw);
          if (safe === undefined) return true;
          const url = new URL(safe, 'https://ferry.example');
          return safe.startsWith('/') && !safe.startsWith('//') && url.origin === 'https://ferry.example';
        },
      ),
    );
  });
  it('is stable: a safe path is safe again unchanged', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const safe = safeReturnPath(`/${path.replace(/^\/+/, '')}?${query}`);
        return safe === undefined || safeReturnPath(safe) === safe;
      }),
    );
  });
  it('never answers a protocol-relative path, whatever dot segments the input holds', () => {
    const segment = fc.constantFrom('.', '..', '%2e', '%2e%2e', '', 'a', 'evil.example');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
        const safe = safeReturnPath(`/${segments.join('/')}`);
        return safe === undefined || !safe.startsWith('//');
      }),
    );
  });
  it('refuses absolute URLs on any host', () => {
    fc.assert(fc.property(fc.webUrl(), (url) => safeReturnPath(url) === undefined));
  });
  it('refuses a control character anywhere', () => {
    fc.assert(
      fc.property(
        fc.webPath(),
        fc.integer({ min: 0, max: 0x1f }),
        (path, code) => safeReturnPath(`/${path}${String.fromCharCode(code)}x`) === undefined,
      ),
    );
  });

  it('keeps same-origin paths with their query', () => {
    expect(safeReturnPath('/upload?x=1')).toBe('/upload?x=1');
    expect(safeReturnPath('/d/abc')).toBe('/d/abc');
  });
  it.each([
    '//evil.example',
    '//evil.example/upload',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'upload',
    '',
    '/\t/evil.example',
    '/a\nb',
    '/a/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/x/../..//evil.example/upload',
    undefined,
    42,
    `/${'a'.repeat(RETURN_PATH_MAX)}`,
  ])('refuses %j', (raw) => expect(safeReturnPath(raw)).toBeUndefined());
});
