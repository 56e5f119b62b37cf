import { hasUnsafeNameCharacter } from '@ferry/rules';
import { describe, expect, it } from 'vitest';
import { renderActionPage } from './action-page.js';

describe('the "+1 day" page', () => {
  it('names the file as the name rule shows it: no control or bidi character of its own', () => {
    const outcome = { kind: 'extended' as const, fileName: 'invoice\u202Efdp.exe\r\n', expiresAt: new Date(0) };
    const en = renderActionPage('en', outcome, 'https://ferry.example');
    expect(en).toContain('invoicefdp.exe');
    expect(hasUnsafeNameCharacter(en.replace(/\n/g, ''))).toBe(false);
    // Hebrew isolates the name (FSI … PDI, Ferry's own marks); inside them nothing of the name's.
    const he = renderActionPage('he', outcome, 'https://ferry.example');
    expect(he).toContain('\u2068invoicefdp.exe\u2069');
    expect(hasUnsafeNameCharacter(he.replace(/\n/g, '').replace('\u2068invoicefdp.exe\u2069', ''))).toBe(false);
  });
});
