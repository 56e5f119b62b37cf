import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/marketing.json';
import nl from '../public/locales/nl/marketing.json';
import App from './App';
import { BuildLabel } from './components/BuildLabel';
import { ContentLanguage } from './components/ContentLanguage';
import type { ContentDocument } from './content/types';
import { NAMESPACE } from './i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    expect(screen.getAllByText(en.pricing.inclVat)).toHaveLength(2);
    for (const text of [
      ...Object.values(en.benefits.text),
      ...Object.values(en.safety.text),
      ...Object.values(en.integrations.text),
      en.cta.text,
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: en.hero.goToProduct }).getAttribute('href')).toBe('/upload');
    expect(document.querySelectorAll('[data-demo-trigger]')).toHaveLength(1);
  });

  it("shows the billing service's prices (Stripe's, VAT included) once they load", async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requested.push(url);
      return new Response(
        JSON.stringify({
          plans: [
            { plan: 'monthly', unit_amount: 300, currency: 'eur', interval: 'month', best_value: false },
            { plan: 'yearly', unit_amount: 1500, currency: 'eur', interval: 'year', best_value: true },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    await renderAt('/');
    expect(await screen.findByText('€3 per month')).toBeTruthy();
    expect(screen.getByText('€15 per year')).toBeTruthy();
    expect(requested).toContain('/api/billing/plans');
  });

  it('renders the FAQ with its five sections and their questions', async () => {
    await renderAt('/faq');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.faq.title);
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(document.querySelectorAll('details summary').length).toBeGreaterThanOrEqual(18);
  });

  it('filters the FAQ as the visitor types, highlights matches and says when nothing matches', async () => {
    await renderAt('/faq');
    await screen.findAllByRole('heading', { level: 2 });
    const total = document.querySelectorAll('details').length;
    const search = screen.getByRole('searchbox', { name: en.faq.search });
    fireEvent.change(search, { target: { value: '15 gb' } });
    expect(document.querySelectorAll('details').length).toBeLessThan(total);
    expect(document.querySelector('details#free-space')?.hasAttribute('open')).toBe(true);
    expect([...document.querySelectorAll('#free-space mark')].map((m) => m.textContent)).toContain('15 GB');
    fireEvent.change(search, { target: { value: 'qqxz' } });
    expect(document.querySelectorAll('details')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(en.faq.noResults.replace('{{query}}', 'qqxz'));
    fireEvent.change(search, { target: { value: '' } });
    expect(document.querySelectorAll('details')).toHaveLength(total);
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });

  it('opens the question the address points at, on load and on hash change', async () => {
    window.location.hash = '#expiry';
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    await renderAt('/faq');
    await screen.findAllByRole('heading', { level: 2 });
    expect(document.querySelector('details#expiry')?.hasAttribute('open')).toBe(true);
    expect(document.querySelector('details#cancel')?.hasAttribute('open')).toBe(false);
    window.location.hash = '#cancel';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await screen.findByText((_, el) => el?.tagName === 'DETAILS' && el.id === 'cancel' && el.hasAttribute('open'));
    expect(scrolled).toEqual(['expiry', 'cancel']);
    window.location.hash = '';
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
    // Dutch has its own terms: shown as written, without the English-fallback note.
    expect(screen.getByRole('heading', { level: 2, name: /Deze voorwaarden/ })).toBeTruthy();
    expect(screen.queryByText(nl.contentFallback)).toBeNull();
  });

  it('marks a page shown in English to a visitor of another language, with a note in theirs', async () => {
    const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, 'nl');
    const english: ContentDocument = { page: 'terms', language: 'en', description: 'Terms', intro: [], sections: [] };
    render(
      <I18nextProvider i18n={i18n}>
        <ContentLanguage doc={english}>
          <h2>These terms</h2>
        </ContentLanguage>
      </I18nextProvider>,
    );
    expect(screen.getByText(nl.contentFallback)).toBeTruthy();
    expect(document.querySelector('[lang="en"] h2')?.textContent).toBe('These terms');
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
