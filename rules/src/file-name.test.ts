import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_FILE_NAME,
  MAX_DISPLAY_LENGTH,
  displayFileName,
  hasUnsafeNameCharacter,
  storedFileName,
} from './file-name.js';
import { SUPPORTED_LANGUAGES } from './languages.js';
import { sizeLabel } from './size-label.js';

const length = (s: string) => Array.from(s).length;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** Names with the characters that matter mixed in often enough to meet each other. */
const hostileChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\r',
    '\n',
    '\t',
    '\u0085',
    '\u007F',
    '\u2028',
    '\u202E',
    '\u202D',
    '\u2066',
    '\u2069',
    '\u200F',
    '\u061C',
    '\uD800',
    '\uDC00',
    ' ',
    '.',
    '\u00A0',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileName = fc.oneof(
  fc.array(hostileChar, { maxLength: 40 }).map((a) => a.join('')),
  fc
    .tuple(
      fc.string({ unit: 'binary', minLength: 200, maxLength: 400 }),
      fc.constantFrom('', '.pdf', '.tar.gz', '.a-very-long-extension-indeed'),
    )
    .map(([a, b]) => a + b),
  fc.string({ unit: 'binary', maxLength: 600 }),
);

describe('storedFileName', () => {
  it('cleans NUL and other controls to spaces instead of refusing the name', () => {
    expect(storedFileName('report\u0000final.pdf')).toBe('report final.pdf');
    expect(storedFileName('a\u0007b\u009Bc.txt')).toBe('a b c.txt');
  });

  it('keeps bidi marks and the full length of the drive name', () => {
    expect(storedFileName('invoice\u202Efdp.exe')).toBe('invoice\u202Efdp.exe');
    const long = `${'x'.repeat(300)}.pdf`;
    expect(storedFileName(long)).toBe(long);
  });

  it('replaces lone surrogates and names an empty result', () => {
    expect(storedFileName('a\uD800.txt')).toBe('a\uFFFD.txt');
    expect(storedFileName('\u0000\r\n ')).toBe(FALLBACK_FILE_NAME);
  });
});

describe('displayFileName', () => {
  it('shows a right-to-left override name in its stored order, real extension last', () => {
    expect(displayFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayFileName('\u2067report\u2069\u200F.pdf')).toBe('report.pdf');
  });

  it('turns CR, LF and TAB into single spaces', () => {
    expect(displayFileName('line one\r\nline two\t.txt')).toBe('line one line two .txt');
  });

  it('elides the middle of a 300-character name and keeps the extension', () => {
    const shown = displayFileName(`${'a'.repeat(150)}${'b'.repeat(146)}.pdf`);
    expect(length(shown)).toBe(MAX_DISPLAY_LENGTH);
    expect(shown.startsWith('a'.repeat(150))).toBe(true);
    expect(shown.endsWith('….pdf')).toBe(true);
  });

  it('counts characters, not UTF-16 units, and never splits a surrogate pair', () => {
    const shown = displayFileName(`${'😀'.repeat(300)}.png`);
    expect(length(shown)).toBe(MAX_DISPLAY_LENGTH);
    expect(shown).toMatch(/^(😀)+….png$/u);
  });

  it('leaves an ordinary name alone', () => {
    expect(displayFileName('Quarterly report (final).pdf')).toBe('Quarterly report (final).pdf');
    expect(displayFileName('تقرير.pdf')).toBe('تقرير.pdf');
  });
});

describe('hasUnsafeNameCharacter', () => {
  it('finds controls, bidi controls and lone surrogates, and is not fooled by repeated calls', () => {
    for (let i = 0; i < 3; i++) {
      expect(hasUnsafeNameCharacter('a\u202Eb')).toBe(true);
      expect(hasUnsafeNameCharacter('a\u0000b')).toBe(true);
      expect(hasUnsafeNameCharacter('a\uDC00b')).toBe(true);
      expect(hasUnsafeNameCharacter('plain.txt')).toBe(false);
    }
  });
});

describe('file-name properties', () => {
  it('stored names never hold a control or a lone surrogate, are never empty, and cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(hostileName, (raw) => {
        const stored = storedFileName(raw);
        expect(stored).not.toMatch(CONTROL);
        expect(stored.includes('\u0000')).toBe(false);
        expect(stored).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(stored.length).toBeGreaterThan(0);
        expect(storedFileName(stored)).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });

  it('displayed names are one safe line of bounded length, and idempotent', () => {
    fc.assert(
      fc.property(hostileName, (raw) => {
        const shown = displayFileName(raw);
        expect(shown).not.toMatch(CONTROL);
        expect(shown).not.toMatch(BIDI);
        expect(hasUnsafeNameCharacter(shown)).toBe(false);
        expect(shown).not.toMatch(/\s\s|^\s|\s$/);
        expect(length(shown)).toBeGreaterThan(0);
        expect(length(shown)).toBeLessThanOrEqual(MAX_DISPLAY_LENGTH);
        expect(displayFileName(shown)).toBe(shown);
        expect(displayFileName(storedFileName(raw))).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });

  it('a displayed name that had to be shortened keeps a short extension', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', minLength: 260, maxLength: 500 }),
        fc.stringMatching(/^\.[a-z0-9]{1,8}$/),
        (stem, ext) => {
          fc.pre(/\S$/.test(stem));
          const shown = displayFileName(stem + ext);
          expect(shown.endsWith(`…${ext}`)).toBe(true);
        },
      ),
    );
  });
});

/** What the characters of a name that a screen keeps are, in order (spaces aside: runs become one). */
const kept = (raw: string) =>
  Array.from(raw.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'))
    .filter((c) => !CONTROL.test(c) && !BIDI.test(c) && !/\s/u.test(c))
    .join('');

describe('file-name properties where names are shown', () => {
  const escapeHtml = (v: string) =>
    v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

  it('a page title and its meta tags (name and size label in any language) hold no control or bidi character', () => {
    fc.assert(
      fc.property(
        hostileName,
        fc.constantFrom(...SUPPORTED_LANGUAGES),
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        (raw, language, bytes) => {
          const name = displayFileName(raw);
          const size = sizeLabel(bytes, language);
          // The gateway's title and og:/twitter:title, and its description from the `meta.download` template.
          const title = `${name} (${size}) — Ferry`;
          const description = 'Download {{name}} ({{size}})'.replace('{{name}}', name).replace('{{size}}', size);
          for (const shown of [title, description, `<meta property="og:title" content="${escapeHtml(title)}">`])
            expect(hasUnsafeNameCharacter(shown), JSON.stringify(shown)).toBe(false);
          expect(title.startsWith(name)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a zip entry (a path of hostile parts) is shown on one safe line with its parts and separators in order', () => {
    const part = fc.array(hostileChar, { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), fc.boolean(), (parts, directory) => {
        const entry = parts.join('/') + (directory ? '/' : '');
        const shown = displayFileName(entry);
        expect(hasUnsafeNameCharacter(shown)).toBe(false);
        expect(shown).not.toMatch(/\s\s|^\s|\s$/);
        // Short enough not to be elided: nothing but controls, bidi controls and spacing is lost.
        if (kept(entry) !== '') expect(kept(shown)).toBe(kept(entry));
      }),
      { numRuns: 2000 },
    );
  });

  it('a name with nothing to clean is shown as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }), (raw) => {
        fc.pre(!hasUnsafeNameCharacter(raw) && !/\s\s|^\s|\s$/u.test(raw) && /\S/u.test(raw));
        expect(displayFileName(raw)).toBe(raw);
      }),
    );
  });
});
