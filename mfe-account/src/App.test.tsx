import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/account.json';
import nl from '../public/locales/nl/account.json';
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

describe('account App', () => {
  it('renders the account title at /account', async () => {
    await renderAt('/account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.title);
  });

  it('speaks Dutch', async () => {
    await renderAt('/account', 'nl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Je account');
  });
});
