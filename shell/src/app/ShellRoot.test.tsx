import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import i18next from 'i18next';
import { syncDocumentLanguage } from '@ferry/shell-sdk';
import en from '../../public/locales/en/shell.json';
import nl from '../../public/locales/nl/shell.json';
import { ShellRoot, type PageLocation } from './ShellRoot';
import type { RemoteAppLoader } from '../remotes/runtime';
import type { RemotesManifest } from '../remotes/manifest';
import type { PageViews } from '../analytics/page-views';

afterEach(cleanup);

async function testI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['shell'],
    defaultNS: 'shell',
    resources: { en: { shell: en }, nl: { shell: nl }, ar: { shell: {} } },
    interpolation: { escapeValue: false },
  });
  syncDocumentLanguage(instance);
  return instance;
}

const LOCALHOST: PageLocation = {
  hostname: 'localhost',
  protocol: 'http:',
  port: '8080',
  origin: 'http://localhost:8080',
};

/** marketing and download render a heading; upload fails to load like a stopped remote. */
const loader: RemoteAppLoader = async (name) => {
  if (name === 'upload') throw new Error('ScriptExternalLoadError');
  return { default: () => <h1>{`remote ${name}`}</h1> };
};

async function renderAt(
  path: string,
  page = LOCALHOST,
  manifest: RemotesManifest = { remotes: {} },
  pageViews?: PageViews,
) {
  const i18n = await testI18n();
  const assign = vi.fn();
  const manifestPromise = Promise.resolve(manifest);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>suspended</p>}>
            <ShellRoot manifest={manifestPromise} loader={loader} page={page} assign={assign} pageViews={pageViews} />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
  return { i18n, assign };
}

describe('ShellRoot', () => {
  it('renders the owning remote inside header and footer', async () => {
    await renderAt('/faq');
    expect(await screen.findByRole('heading', { name: 'remote marketing' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(document.title).toBe('Ferry — Simple sharing, smart storage.');
  });

  it('shows the error in place of a remote that fails, keeping header and footer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/upload');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('shows "File not available" for unknown paths and /{slug} on the root host', async () => {
    await renderAt('/abc12345');
    expect(await screen.findByRole('heading', { name: 'File not available' })).toBeTruthy();
    expect(screen.getByText('This download link has expired or the file was removed by the sender.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      'http://localhost:8080/',
    );
  });

  it('renders a download page without footer on a sender subdomain', async () => {
    await renderAt('/abc12345', { ...LOCALHOST, hostname: 'anna.localhost', origin: 'http://anna.localhost:8080' });
    expect(await screen.findByRole('heading', { name: 'remote download' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
  });

  it('redirects /d/{slug} to the API with its query by a full-page navigation', async () => {
    const { assign } = await renderAt('/d/abc12345?x=1');
    expect(assign).toHaveBeenCalledWith('/api/d/abc12345?x=1');
  });

  it('uses the rootDomain of the manifest for the host rules', async () => {
    const page = { hostname: 'anna.ferry.test', protocol: 'https:', port: '', origin: 'https://anna.ferry.test' };
    const { assign } = await renderAt('/upload?focus=dropzone', page, { remotes: {}, rootDomain: 'ferry.test' });
    expect(assign).toHaveBeenCalledWith('https://ferry.test/upload?focus=dropzone');
  });

  it('counts a page view per route change, and offers the feedback button in the footer', async () => {
    const view = vi.fn();
    await renderAt('/faq?lng=de', LOCALHOST, { remotes: {} }, { view });
    await screen.findByRole('heading', { name: 'remote marketing' });
    expect(view).toHaveBeenCalledWith('http://localhost:8080/faq?lng=de');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Privacy' }));
    });
    expect(view).toHaveBeenLastCalledWith('http://localhost:8080/privacy');
    expect(view).toHaveBeenCalledTimes(2);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('button', { name: 'Feedback' }).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('switches language from the header and writes right to left for Arabic', async () => {
    const { i18n } = await renderAt('/');
    await screen.findByRole('heading', { name: 'remote marketing' });
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.options).toHaveLength(16);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'nl' } });
    });
    expect(i18n.language).toBe('nl');
    expect(document.title).toBe('Ferry — Eenvoudig delen, slimme opslag.');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'ar' } });
    });
    expect(document.documentElement.dir).toBe('rtl');
  });
});
