import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { hasUnsafeNameCharacter } from '@ferry/rules';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/download.json';
import { NAMESPACE } from '../i18n';
import { iconLabel, previewKind } from '../lib/file-kind';
import { FilePreview, type FilePreviewProps } from './FilePreview';

const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 500 }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(props: FilePreviewProps) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <FilePreview {...props} />
    </I18nextProvider>,
  );
}

describe('previewKind and iconLabel', () => {
  it('thumbnails images, PDFs and videos; lists zips; icons the rest; the type wins over the name', () => {
    expect(['a.JPG', 'b.pdf', 'c.mp4', 'd.webp', 'e.mov'].map((n) => previewKind(n))).toEqual(
      Array(5).fill('thumbnail'),
    );
    expect(previewKind('photos.ZIP')).toBe('zip');
    expect(previewKind('archive', 'application/zip')).toBe('zip');
    expect(previewKind('clip', 'video/webm')).toBe('thumbnail');
    expect(previewKind('notes.zip', 'text/plain')).toBe('zip');
    expect(['a.docx', 'b.7z', 'README', '.env'].map((n) => previewKind(n))).toEqual(Array(4).fill('icon'));
    expect(iconLabel('report.docx')).toBe('DOCX');
    expect(iconLabel('movie.matroska', 'video/x-matroska')).toBe('VIDEO');
    expect(iconLabel('README')).toBe('FILE');
  });
});

describe('FilePreview', () => {
  it('an image: the gateway’s thumbnail in a fixed 220 px box, lazy, with alt text', async () => {
    await show({ slug: 'abc12345', fileName: 'beach.jpg' });
    const img = screen.getByRole('img', { name: 'Preview of beach.jpg' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/links/abc12345/thumbnail');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual([
      '220',
      '220',
      'lazy',
    ]);
    // No thumbnail (404 no_preview): the file-type icon instead.
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'JPG file' })).toBeTruthy();
  });

  it('a protected link shows the icon only, until it is unlocked', async () => {
    await show({ slug: 'abc12345', fileName: 'beach.jpg', locked: true });
    expect(screen.getByRole('img', { name: 'JPG file' })).toBeTruthy();
    cleanup();
    await show({ slug: 'abc12345', fileName: 'beach.jpg', locked: true, unlockToken: 'T'.repeat(43) });
    expect(screen.getByRole('img', { name: 'Preview of beach.jpg' }).getAttribute('src')).toBe(
      `/api/links/abc12345/thumbnail?token=${'T'.repeat(43)}`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a zip: its files with sizes (directories left out), and how many are shown when truncated', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        entries: [
          { name: 'docs/', size: 0, directory: true },
          { name: 'docs/plan.pdf', size: 2_500_000, directory: false },
          { name: 'readme.txt', size: 12, directory: false },
        ],
        total: 900,
        truncated: true,
      }),
    );
    await show({ slug: 'abc12345', fileName: 'project.zip' });
    expect(screen.getByText(en.preview.loading)).toBeTruthy();
    const rows = await screen.findAllByTestId('zip-entry');
    expect(rows.map((r) => r.textContent)).toEqual(['docs/plan.pdf2.38 MB', 'readme.txt12 B']);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/links/abc12345/entries');
    expect(screen.getByTestId('zip-truncated').textContent).toBe('Files shown: 3 of 900');
    expect(screen.getByRole('heading', { name: en.preview.filesInside })).toBeTruthy();
  });

  it('a zip: entry names without a control or bidi character, whatever the listing holds', async () => {
    const hostile = ['invoice\u202Efdp.exe', 'a\u2066b\u2069\u200E\u200F\u061C.txt', 'x\u0000y\r\n\u0085\u009B.txt'];
    fetchMock.mockResolvedValueOnce(
      Response.json({
        entries: [...hostile, 'invoice\u202Dfdp.exe'].map((name) => ({ name, size: 1, directory: false })),
        total: 4,
        truncated: false,
      }),
    );
    await show({ slug: 'abc12345', fileName: 'project.zip' });
    const rows = await screen.findAllByTestId('zip-entry');
    const names = rows.map((r) => r.querySelector('[data-field="entry-name"]')!.textContent!);
    expect(names).toEqual(['invoicefdp.exe', 'ab.txt', 'x y .txt', 'invoicefdp.exe']);
    for (const name of names) expect(hasUnsafeNameCharacter(name), JSON.stringify(name)).toBe(false);
  });

  it('a zip the gateway cannot list (409 not_a_zip): the icon', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ code: 'not_a_zip', error: 'x' }, { status: 409 }));
    await show({ slug: 'abc12345', fileName: 'broken.zip' });
    expect(await screen.findByRole('img', { name: 'ZIP file' })).toBeTruthy();
  });

  it('a transfer’s file: ?file=n on both previews, with the unlock token of a protected transfer', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ entries: [], total: 0, truncated: false }));
    await show({ slug: 'abc12345', fileName: 'set.zip', fileIndex: 3 });
    expect(await screen.findByText(en.preview.empty)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/links/abc12345/entries?file=3');
    cleanup();
    await show({ slug: 'abc12345', fileName: 'p.png', fileIndex: 2, locked: true, unlockToken: 'T'.repeat(43) });
    expect(screen.getByRole('img', { name: 'Preview of p.png' }).getAttribute('src')).toBe(
      `/api/links/abc12345/thumbnail?file=2&token=${'T'.repeat(43)}`,
    );
  });

  it('any other file: a file-type icon, and no request', async () => {
    await show({ slug: 'abc12345', fileName: 'thesis.docx' });
    expect(screen.getByRole('img', { name: 'DOCX file' }).textContent).toBe('DOCX');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
