import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/download.json';
import nl from '../public/locales/nl/download.json';
import App from './App';
import { NAMESPACE } from './i18n';

afterEach(cleanup);

async function renderAt(path: string, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, language);
  const shell = createTestShellValue(i18n, { rootUrl: (p) => `https://ferry.app${p}` });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={shell}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </ShellProvider>
    </I18nextProvider>,
  );
  return view.container;
}

describe('download App', () => {
  it.each(['/r/abc12345', '/abc12345', '/d/abc12345'])('renders the download page skeleton for %s', async (path) => {
    const container = await renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.title);
    expect(container.querySelector('[data-slug]')?.getAttribute('data-slug')).toBe('abc12345');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Problems? Open the button in a new tab or try again later.')).toBeTruthy();
  });

  it('links its footer to the root host with from=dl and a back parameter', async () => {
    await renderAt('/r/abc12345?lng=nl');
    expect(screen.getByRole('link', { name: en.footer.faq }).getAttribute('href')).toBe(
      'https://ferry.app/faq?from=dl&back=%2Fr%2Fabc12345%3Flng%3Dnl',
    );
  });

  it('shows the missing-slug state without a slug, in Dutch too', async () => {
    await renderAt('/', 'nl');
    expect(screen.getByRole('alert').textContent).toBe(nl.missingSlug);
  });
});
