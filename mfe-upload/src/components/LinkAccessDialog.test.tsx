import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/upload.json';
import { LinkAccessError } from '../api/product-api';
import { NAMESPACE } from '../i18n';
import type { UploadedFile } from '../list/uploaded';
import { UploadedRow, type UploadedRowProps } from './UploadedRow';

afterEach(cleanup);

const row: UploadedFile = {
  id: 'file-1',
  name: 'photos.zip',
  mimeType: 'application/zip',
  link: 'https://ferry.example/r/AbCdEfGh12',
  uploadedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  size: 1,
  slug: 'AbCdEfGh12',
  appProperties: {},
  legacy: false,
  downloads: 2,
};

async function renderRow(onAccess: NonNullable<UploadedRowProps['onAccess']>, over: Partial<UploadedFile> = {}) {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } }, 'en');
  render(
    <I18nextProvider i18n={i18n}>
      <ul>
        <UploadedRow
          row={{ ...row, ...over }}
          countUp={false}
          onExtend={async () => undefined}
          onDelete={async () => undefined}
          onEmail={() => undefined}
          onAccess={onAccess}
          locale="en"
        />
      </ul>
    </I18nextProvider>,
  );
}

describe('password and download limit from the row', () => {
  it('sets a password and a limit of 5, then shows both on the row', async () => {
    const onAccess = vi.fn(async () => ({ slug: row.slug!, passwordProtected: true, downloadLimit: 5, downloads: 2 }));
    await renderRow(onAccess);
    fireEvent.click(screen.getByTestId('row-access'));
    fireEvent.change(await screen.findByTestId('access-password'), { target: { value: 'open sesame' } });
    fireEvent.change(screen.getByTestId('access-limit'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('access-save'));
    await waitFor(() => expect(screen.getByTestId('row-password-badge').textContent).toBe(en.access.badgePassword));
    expect(onAccess).toHaveBeenCalledWith(expect.objectContaining({ slug: row.slug }), {
      password: 'open sesame',
      downloadLimit: 5,
    });
    expect(screen.getByTestId('row-limit-badge').textContent).toBe('Limit: 5');
  });

  it('removes a password and a limit', async () => {
    const onAccess = vi.fn(async () => ({
      slug: row.slug!,
      passwordProtected: false,
      downloadLimit: null,
      downloads: 2,
    }));
    await renderRow(onAccess, { passwordProtected: true, downloadLimit: 10 });
    expect(screen.getByTestId('row-limit-badge').textContent).toBe('Limit: 10');
    fireEvent.click(screen.getByTestId('row-access'));
    fireEvent.click(await screen.findByTestId('access-remove-password'));
    fireEvent.change(screen.getByTestId('access-limit'), { target: { value: 'none' } });
    fireEvent.click(screen.getByTestId('access-save'));
    await waitFor(() => expect(screen.queryByTestId('row-password-badge')).toBeNull());
    expect(onAccess).toHaveBeenCalledWith(expect.anything(), { password: null, downloadLimit: null });
    expect(screen.queryByTestId('row-limit-badge')).toBeNull();
  });

  it('refuses a custom limit at or under the downloads so far, before asking the gateway', async () => {
    const onAccess = vi.fn(async () => {
      throw new LinkAccessError('limit_reached');
    });
    await renderRow(onAccess);
    fireEvent.click(screen.getByTestId('row-access'));
    fireEvent.change(await screen.findByTestId('access-limit'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByTestId('access-limit-custom'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('access-save'));
    expect((await screen.findByRole('alert')).textContent).toBe(en.access.limitTooLow);
    expect(onAccess).not.toHaveBeenCalled();
  });
});
