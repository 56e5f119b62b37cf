import { describe, expect, it } from 'vitest';
import type { ProductApi } from '../api/product-api';
import type { DriveClient } from '../drive/drive-client';
import { loadUploaded, toUploadedFile } from './uploaded';

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

describe('loadUploaded (the uploaded list)', () => {
  const folderMime = 'application/vnd.google-apps.folder';
  const drive = {
    url: (p: string) => `https://drive.test${p}`,
    list: async (parent: string) => ({
      files:
        parent === 'root'
          ? [
              { id: 'transfer1', name: 'upload_3_files', mimeType: folderMime, createdTime: '2026-11-29T00:00:00Z' },
              { id: 'old1', name: 'upload_2_files', mimeType: folderMime, createdTime: '2026-11-28T00:00:00Z' },
            ]
          : parent === 'transfer1'
            ? [1, 2, 3].map((n) => ({ id: `t${n}`, name: `f${n}.bin`, size: '10' }))
            : [1, 2].map((n) => ({ id: `o${n}`, name: `g${n}.bin`, size: '5', createdTime: '2026-11-28T00:00:00Z' })),
    }),
  } as unknown as DriveClient;
  const api = {
    links: async () => [
      { slug: 'Transfer_1', shortUrl: 'https://ferry.test/r/Transfer_1', fileId: 'transfer1', fileCount: 3, size: 30 },
    ],
  } as unknown as ProductApi;

  it('shows a transfer as one row (its folder, file count and total size); older folders per file', async () => {
    const rows = await loadUploaded(drive, api, 'root', Date.parse('2026-11-29T01:00:00Z'));
    const transfer = rows.find((r) => r.id === 'transfer1')!;
    expect(transfer).toMatchObject({ name: 'upload_3_files', fileCount: 3, size: 30, slug: 'Transfer_1' });
    expect(rows.filter((r) => r.id.startsWith('t'))).toEqual([transfer]);
    expect(rows.filter((r) => r.id.startsWith('o')).map((r) => r.name)).toEqual([
      'upload_2_files/g1.bin',
      'upload_2_files/g2.bin',
    ]);
  });
});
