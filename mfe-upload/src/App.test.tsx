import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/upload.json';
import nl from '../public/locales/nl/upload.json';
import App from './App';
import { NAMESPACE } from './i18n';

afterEach(cleanup);

async function renderAt(path: string, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, language);
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n)}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </ShellProvider>
    </I18nextProvider>,
  );
}

describe('upload App', () => {
  it('renders the header about uploading to your own drive at /upload', async () => {
    await renderAt('/upload?highlight=drop');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Upload to your own Google Drive');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(en.uploadedTitle);
  });

  it('speaks Dutch', async () => {
    await renderAt('/upload', 'nl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(nl.title);
  });
});
