import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/marketing.json';
import nl from '../public/locales/nl/marketing.json';
import App from './App';
import { BuildLabel } from './components/BuildLabel';
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

describe('marketing App', () => {
  it('renders the landing hero and its sections', async () => {
    await renderAt('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.hero.title);
    for (const title of [en.benefits.title, en.pricing.title, en.integrations.title, en.safety.title, en.cta.title]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: en.hero.try })[0]?.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('€2 per month')).toBeTruthy();
    for (const text of [...Object.values(en.benefits.text), ...Object.values(en.safety.text), ...Object.values(en.integrations.text), en.cta.text]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: en.hero.goToProduct }).getAttribute('href')).toBe('/upload');
    expect(document.querySelectorAll('[data-demo-trigger]')).toHaveLength(1);
  });

  it('renders the FAQ with its five sections and their questions', async () => {
    await renderAt('/faq');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.faq.title);
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(document.querySelectorAll('details summary').length).toBeGreaterThanOrEqual(18);
  });

  it('renders privacy and terms with their last-updated dates and sections, in Dutch too', async () => {
    await renderAt('/privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.privacy.title);
    expect(screen.getByText('Last updated: August 7, 2025')).toBeTruthy();
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(9);
    cleanup();
    await renderAt('/terms', 'nl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(nl.terms.title);
    expect(screen.getByText('Laatst bijgewerkt: 10 augustus 2025')).toBeTruthy();
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(13);
    // Dutch has no translation of the terms yet: English text, marked as such, with a note in Dutch.
    expect(screen.getByText(nl.contentFallback)).toBeTruthy();
    expect(document.querySelector('[lang="en"] h2')).toBeTruthy();
  });

  it('shows a build label only when the build set one', async () => {
    const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en } });
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <BuildLabel label="" />
        <BuildLabel label="canary-7" />
      </I18nextProvider>,
    );
    expect(container.querySelectorAll('[data-build-label]')).toHaveLength(1);
    expect(screen.getByText('Build canary-7')).toBeTruthy();
  });
});
