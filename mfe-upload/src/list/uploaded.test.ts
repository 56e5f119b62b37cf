import { describe, expect, it } from 'vitest';
import { toUploadedFile } from './uploaded';

describe('toUploadedFile (the uploaded list row)', () => {
  it('shows the drive name cleaned: no bidi override, one line, at most 255 characters with the extension kept', () => {
    const file = {
      id: 'f1',
      name: `invoice\u202Efdp.exe\r\n${'x'.repeat(300)}.pdf`,
      createdTime: '2026-01-01T00:00:00.000Z',
    };
    const row = toUploadedFile(file, undefined, 'https://drive.test/uc?id=f1');
    expect(row.name.startsWith('invoicefdp.exe xxx')).toBe(true);
    expect(row.name.endsWith('….pdf')).toBe(true);
    expect(Array.from(row.name)).toHaveLength(255);
    expect(toUploadedFile({ ...file, name: 'a\u0000b.txt' }, undefined, '', 'folder/').name).toBe('folder/a b.txt');
  });
});
