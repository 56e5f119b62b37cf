import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/upload.json';
import pl from '../../public/locales/pl/upload.json';
import { NAMESPACE } from '../i18n';
import type { UploadedFile } from '../list/uploaded';
import { UploadedRow } from './UploadedRow';

afterEach(cleanup);

const DAY = 86_400_000;

/** A row whose link was made `ageDays` ago and expires `leftMs` from now. */
function row(ageDays: number, leftMs: number): UploadedFile {
  const now = Date.now();
  return {
    id: 'file-1',
    name: 'report.pdf',
    mimeType: 'application/pdf',
    link: 'https://ferry.example/r/AbCdEfGh12',
    uploadedAt: new Date(now - ageDays * DAY - 5_000).toISOString(),
    linkCreatedAt: new Date(now - ageDays * DAY).toISOString(),
    expiresAt: new Date(now + leftMs).toISOString(),
    size: 1,
    slug: 'AbCdEfGh12',
    appProperties: {},
    legacy: false,
  };
}

async function renderRow(r: UploadedFile, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, pl: { [NAMESPACE]: pl } }, language);
  render(
    <I18nextProvider i18n={i18n}>
      <ul>
        <UploadedRow
          row={r}
          countUp={false}
          onExtend={async () => undefined}
          onDelete={async () => undefined}
          onEmail={() => undefined}
          locale={language}
        />
      </ul>
    </I18nextProvider>,
  );
  return screen.getByTestId('row-extend') as HTMLButtonElement;
}

describe('the extend button and the 30-day cap', () => {
  it('is enabled below the cap, with the one-day tooltip', async () => {
    const button = await renderRow(row(2, 5 * DAY));
    expect(button.disabled).toBe(false);
    expect(button.title).toBe(en.tooltips.extend);
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('stays enabled for the last partial day (the link service clamps it to the cap)', async () => {
    const button = await renderRow(row(10, 20 * DAY - 3_600_000));
    expect(button.disabled).toBe(false);
  });

  it('is disabled at the cap, and its tooltip and accessible description say why', async () => {
    const button = await renderRow(row(10, 20 * DAY));
    expect(button.disabled).toBe(true);
    const why = 'Links last at most 30 days after the upload; this one cannot be extended any further.';
    expect(button.title).toBe(why);
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(why);
  });

  it("says it in the reader's language with that language's plural form (Polish: 30 dni)", async () => {
    const button = await renderRow(row(10, 20 * DAY), 'pl');
    expect(button.title).toBe('Linki są ważne najwyżej 30 dni od przesłania; tego linku nie można już przedłużyć.');
  });
});

describe('delete asks first, in the product’s own dialog', () => {
  async function renderWithDelete(onDelete: (r: UploadedFile) => Promise<void>) {
    const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
    render(
      <I18nextProvider i18n={i18n}>
        <ul>
          <UploadedRow
            row={row(1, 5 * DAY)}
            countUp={false}
            onExtend={async () => undefined}
            onDelete={onDelete}
            onEmail={() => undefined}
            locale="en"
          />
        </ul>
      </I18nextProvider>,
    );
    return screen.getByTestId('row-delete');
  }

  it('names the file, starts on Cancel, and deletes nothing when cancelled; focus goes back to Delete', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onDelete = vi.fn(async () => undefined);
    const opener = await renderWithDelete(onDelete);
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: en.list.delete });
    expect(dialog.textContent).toContain(
      'Delete "report.pdf"? The file is removed from your drive and its link stops working.',
    );
    const cancel = screen.getByRole('button', { name: en.cancel });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onDelete).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it('deletes once confirmed', async () => {
    const onDelete = vi.fn(async () => undefined);
    fireEvent.click(await renderWithDelete(onDelete));
    fireEvent.click(screen.getByRole('button', { name: en.list.delete }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('copy', () => {
  it('announces "Copied" in a polite live region that is there before the click', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      await renderRow(row(1, 5 * DAY));
      const region = screen.getByRole('status');
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(region.textContent).toBe('');
      fireEvent.click(screen.getByTestId('row-copy'));
      await waitFor(() => expect(region.textContent).toBe(en.list.copied));
      expect(writeText).toHaveBeenCalledWith('https://ferry.example/r/AbCdEfGh12');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('what the row says without a tooltip', () => {
  it('writes the download count out in words, in the plural form of the language', async () => {
    await renderRow({ ...row(1, 5 * DAY), downloads: 0 });
    expect(screen.getByTestId('row-downloads').textContent).toBe('0 downloads');
    cleanup();
    await renderRow({ ...row(1, 5 * DAY), downloads: 1 });
    expect(screen.getByTestId('row-downloads').textContent).toBe('1 download');
    cleanup();
    await renderRow({ ...row(1, 5 * DAY), downloads: 3 }, 'pl');
    expect(screen.getByTestId('row-downloads').textContent).toBe('3 pobrania');
  });

  it('names the e-mail button by what it does', async () => {
    await renderRow(row(1, 5 * DAY));
    expect(screen.getByTestId('row-email').textContent).toBe('Send by e-mail');
  });
});
