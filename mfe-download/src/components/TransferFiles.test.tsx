import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/download.json';
import { NAMESPACE } from '../i18n';
import { normaliseShareInfo } from '../lib/share-info';
import { FileCard } from './FileCard';
import { extensionOf, fileKind } from './FileTypeIcon';

const info = normaliseShareInfo(
  {
    fileName: 'upload_2026-11-29_ann_3_files',
    size: 3507,
    expiresAtMs: Date.now() + 3 * 86_400_000,
    files: [
      {
        index: 1,
        name: 'a/notes.txt',
        size: 1000,
        mimeType: 'text/plain',
        downloadUrl: 'http://f.test/api/d/Tr_slug01/1',
      },
      {
        index: 2,
        name: 'b/photo.png',
        size: 2500,
        mimeType: 'image/png',
        downloadUrl: 'http://f.test/api/d/Tr_slug01/2',
      },
      { index: 3, name: 'c', size: 7, mimeType: '', downloadUrl: 'http://f.test/api/d/Tr_slug01/3' },
    ],
  },
  'Tr_slug01',
);

const clicked: string[] = [];
const fetchMock = vi.fn(async () => new Response(null, { status: 404 }));
beforeEach(() => {
  clicked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  // The page starts each download by clicking a link; jsdom does not navigate, so the clicks are recorded.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderCard(over: Partial<typeof info> = {}) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <FileCard info={{ ...info, ...over }} sender="ann@example.com" slug="Tr_slug01" />
    </I18nextProvider>,
  );
}

describe('a transfer on the download page', () => {
  it('lists every file with its type, name, size and own download button, and no single download button', async () => {
    await renderCard();
    const rows = screen.getAllByTestId('transfer-file');
    expect(rows.map((r) => r.querySelector('[data-field="file-name"]')!.textContent)).toEqual([
      'a/notes.txt',
      'b/photo.png',
      'c',
    ]);
    expect(rows.map((r) => r.querySelector('.file-type')!.textContent)).toEqual(['TXT', 'PNG', '']);
    expect(rows.map((r) => r.querySelector('a')!.getAttribute('href'))).toEqual([
      'http://f.test/api/d/Tr_slug01/1',
      'http://f.test/api/d/Tr_slug01/2',
      'http://f.test/api/d/Tr_slug01/3',
    ]);
    expect(screen.getByTestId('transfer-count').textContent).toBe('3 files');
    expect(screen.getByRole('link', { name: 'Download b/photo.png' })).toBeTruthy();
  });

  it('"Download all" starts the files one after another', async () => {
    await renderCard();
    fireEvent.click(screen.getByTestId('download-all'));
    await waitFor(() => expect(clicked).toHaveLength(3), { timeout: 5_000 });
    expect(clicked).toEqual([
      'http://f.test/api/d/Tr_slug01/1',
      'http://f.test/api/d/Tr_slug01/2',
      'http://f.test/api/d/Tr_slug01/3',
    ]);
  });

  it('a protected transfer asks once; the unlock token then goes with every file', async () => {
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ downloadUrl: 'http://f.test/api/d/Tr_slug01?token=tok123', expiresAt: new Date().toISOString() }),
    );
    await renderCard({ passwordRequired: true });
    expect(screen.queryByTestId('transfer-files')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByTestId('password-form'));
    await waitFor(() => expect(screen.getAllByTestId('transfer-file')).toHaveLength(3));
    expect(screen.getAllByTestId('transfer-file').map((r) => r.querySelector('a')!.getAttribute('href'))).toEqual([
      'http://f.test/api/d/Tr_slug01/1?token=tok123',
      'http://f.test/api/d/Tr_slug01/2?token=tok123',
      'http://f.test/api/d/Tr_slug01/3?token=tok123',
    ]);
  });
});

describe('file type icon', () => {
  it('takes the extension of the last path part and a kind from the type', () => {
    expect(extensionOf('dir.v2/archive')).toBe('');
    expect(extensionOf('x/report.final.PDF')).toBe('pdf');
    expect(extensionOf('.hidden')).toBe('');
    expect(fileKind('a.zip', 'application/octet-stream')).toBe('archive');
    expect(fileKind('a.pdf', 'application/pdf')).toBe('document');
    expect(fileKind('a.mov', 'video/quicktime')).toBe('video');
  });
});
