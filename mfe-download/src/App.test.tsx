import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider } from '@ferry/shell-sdk';
import { createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../public/locales/en/download.json';
import nl from '../public/locales/nl/download.json';
import App from './App';
import { NAMESPACE } from './i18n';

let answer: { status: number; body?: unknown } = { status: 200, body: {} };
const fetchMock = vi.fn(
  async () => new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status }),
);

beforeEach(() => {
  answer = { status: 500 };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shareInfo = (over: Record<string, unknown> = {}) => ({
  fileName: 'holiday.zip',
  size: 5 * 1024 * 1024,
  expiresAt: new Date(Date.now() + (2 * 86_400 + 3 * 3_600 + 60) * 1000).toISOString(),
  downloadUrl: '/api/d/abc12345',
  ownerEmail: 'ann@example.com',
  ...over,
});

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
    expect(screen.getByText('Problems? Open the link in a new tab or try again later.')).toBeTruthy();
  });

  it('links its footer to the root host with from=dl and a back parameter', async () => {
    await renderAt('/r/abc12345?lng=nl');
    expect(screen.getByRole('link', { name: en.footer.faq }).getAttribute('href')).toBe(
      'https://ferry.app/faq?from=dl&back=%2Fr%2Fabc12345%3Flng%3Dnl',
    );
  });

  it('shows name, size, sender, time left and a download link once the share info arrives', async () => {
    answer = { status: 200, body: shareInfo() };
    await renderAt('/r/abc12345');
    expect(await screen.findByText('holiday.zip')).toBeTruthy();
    expect(screen.getByText('5 MB')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('2d 3h')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.download }).getAttribute('href')).toBe('/api/d/abc12345');
    expect(fetchMock).toHaveBeenCalledWith('/api/s?slug=abc12345&meta=1', expect.anything());
    // The page title is set in an effect after the file shows.
    await waitFor(() => expect(document.title).toBe('holiday.zip (5 MB) from ann@example.com · Ferry'));
  });

  it('shows a right-to-left override, CR/LF or 300-character name cleaned: stored order, one line, extension kept', async () => {
    answer = { status: 200, body: shareInfo({ fileName: `invoice\u202Efdp.exe\r\n${'x'.repeat(300)}.pdf` }) };
    const container = await renderAt('/r/abc12345');
    await screen.findByText('5 MB');
    const shown = container.querySelector('[data-field="name"]')!.textContent!;
    expect(shown.startsWith('invoicefdp.exe xxx')).toBe(true);
    expect(shown.endsWith('….pdf')).toBe(true);
    expect(Array.from(shown)).toHaveLength(255);
    expect(shown).not.toMatch(/[\u202E\r\n]/);
    expect(document.title).not.toMatch(/[\u202E\r\n]/);
    await waitFor(() => expect(document.title.startsWith('invoicefdp.exe xxx')).toBe(true));
  });

  it('names the sender subdomain, else the anonymous label', async () => {
    answer = { status: 200, body: shareInfo({ ownerEmail: undefined, ownerSubdomain: 'ann' }) };
    await renderAt('/r/abc12345');
    expect(await screen.findByText('ann')).toBeTruthy();
    cleanup();
    answer = { status: 200, body: shareInfo({ ownerEmail: undefined }) };
    await renderAt('/r/abc12346');
    expect(await screen.findByText(en.anonymous)).toBeTruthy();
  });

  it.each([
    { status: 404, body: { code: 'not_found' }, reason: 'missing' as const },
    { status: 410, body: { code: 'gone', reason: 'expired' }, reason: 'expired' as const },
    { status: 410, body: { code: 'gone', reason: 'removed' }, reason: 'removed' as const },
  ])(
    'says in one heading and one message why there is no file ($reason), and stops resolving that slug',
    async ({ status, body, reason }) => {
      answer = { status, body };
      const slug = `gone${reason}`.padEnd(10, '1');
      const container = await renderAt(`/r/${slug}`);
      expect(await screen.findByRole('heading', { name: en.notFound[reason].title })).toBeTruthy();
      expect(container.querySelectorAll('h1, h2, h3')).toHaveLength(1);
      expect(screen.getByText(en.notFound[reason].text)).toBeTruthy();
      expect(screen.queryByText('Link niet gevonden')).toBeNull();
      expect(screen.queryByText(en.title)).toBeNull();
      expect(screen.queryByText(en.help)).toBeNull();
      cleanup();
      fetchMock.mockClear();
      await renderAt(`/r/${slug}`);
      expect(screen.getByRole('heading', { name: en.notFound[reason].title })).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('says "Download started" for 1.2 s and ignores a second click within 2 s', async () => {
    answer = { status: 200, body: shareInfo() };
    await renderAt('/r/abc12345');
    const link = await screen.findByRole('link', { name: en.download });
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const first = fireEvent.click(link);
    expect(first).toBe(true);
    expect(link.textContent).toBe(en.downloadStarted);
    act(() => void vi.advanceTimersByTime(500));
    expect(fireEvent.click(link)).toBe(false); // default prevented: no second download
    act(() => void vi.advanceTimersByTime(800));
    expect(link.textContent).toBe(en.download);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(fireEvent.click(link)).toBe(true);
  });

  it('refetches every 12 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout'] });
    answer = { status: 200, body: shareInfo() };
    await renderAt('/r/abc12345');
    // Share-info fetches only (the zip's preview asks for its entries once, on its own).
    const shareInfoCalls = () =>
      fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]).startsWith('/api/s?')).length;
    const calls = shareInfoCalls();
    await act(async () => void vi.advanceTimersByTime(12_000));
    expect(shareInfoCalls()).toBe(calls + 1);
  });

  it('shows the missing-slug state without a slug, in Dutch too', async () => {
    await renderAt('/', 'nl');
    expect(screen.getByRole('alert').textContent).toBe(nl.missingSlug);
  });
});
