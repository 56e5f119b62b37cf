import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider, TRIAL_STARTED_EVENT, type ShellAuth } from '@ferry/shell-sdk';
import { createTestAuth, createTestI18n, createTestShellValue } from '@ferry/shell-sdk/testing';
import en from '../../public/locales/en/account.json';
import nl from '../../public/locales/nl/account.json';
import App from '../App';
import { NAMESPACE } from '../i18n';
import { badgeOf, planOf } from '../domain/plan';

const DAY = 86_400_000;
const signedIn = (): ShellAuth =>
  createTestAuth({ isAuthenticated: true, token: 'tok-ann', user: { id: 'sub-ann', email: 'ann@example.com' }, email: 'ann@example.com' });

type Handler = (path: string, init: RequestInit) => Promise<Response> | Response;
let handler: Handler;
const calls: { path: string; init: RequestInit }[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = (over: Record<string, unknown> = {}) => ({
  phase: 'trial',
  remaining_days: 90,
  total_days: 90,
  paid_until: new Date(Date.now() + 90 * DAY).toISOString(),
  cancelled_at: null,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
  handler = () => json(200, status());
  vi.stubGlobal('fetch', vi.fn(async (path: string, init: RequestInit) => {
    calls.push({ path, init });
    return handler(path, init);
  }));
  // The product never uses the browser's own dialogs.
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'confirm').mockImplementation(() => false);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(auth: ShellAuth | null, language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, language);
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n, { auth })}>
        <MemoryRouter initialEntries={['/account']}>
          <App />
        </MemoryRouter>
      </ShellProvider>
    </I18nextProvider>,
  );
}

describe('plan reading (spec §5)', () => {
  it('reads 90 as trial, > 200 as annual, else monthly; expired wins', () => {
    expect(planOf(90)).toBe('trial');
    expect(planOf(365)).toBe('annual');
    expect(planOf(201)).toBe('annual');
    expect(planOf(200)).toBe('monthly');
    expect(planOf(30)).toBe('monthly');
    expect(badgeOf({ phase: 'expired', remaining_days: 0, total_days: 365, paid_until: null, cancelled_at: null })).toBe('expired');
  });
});

describe('account page', () => {
  it('shows the not-logged-in state without calling the API', async () => {
    const login = vi.fn();
    await renderPage(createTestAuth({ login }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.title);
    expect(screen.getByText(en.notLoggedIn)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.signIn }));
    expect(login).toHaveBeenCalledWith('/account');
    expect(calls).toHaveLength(0);
  });

  it('shows not-logged-in when running alone without a shell auth', async () => {
    await renderPage(null);
    expect(screen.getByText(en.notLoggedIn)).toBeTruthy();
  });

  it('shows loading while auth starts up and while the status loads', async () => {
    await renderPage(createTestAuth({ authReady: false }));
    expect(screen.getByRole('status').textContent).toBe(en.loading);
    cleanup();
    let release!: (r: Response) => void;
    handler = () => new Promise<Response>((r) => (release = r));
    await renderPage(signedIn());
    expect(screen.getByRole('status').textContent).toBe(en.loading);
    release(json(200, status()));
    await screen.findByTestId('subscription-badge');
  });

  it('loads the trial: e-mail, badge, 90 days, progress bar, end date; posts the e-mail with the bearer token', async () => {
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Trial');
    expect(screen.getByTestId('account-email').textContent).toBe('Signed in as ann@example.com');
    expect(screen.getByTestId('days-remaining').textContent).toBe('90 days remaining');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
    expect(bar.getAttribute('aria-valuemax')).toBe('90');
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Access ends on /);
    expect(calls[0]!.path).toBe('/api/access/status');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-ann');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'ann@example.com' });
  });

  it.each([
    [{ phase: 'paid', total_days: 365, remaining_days: 300 }, 'Pro (Annual)', /^Renews on /],
    [{ phase: 'paid', total_days: 31, remaining_days: 1 }, 'Pro (Monthly)', /^Renews on /],
  ])('shows a paid plan %o as %s', async (over, badge, date) => {
    handler = () => json(200, status(over));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe(badge);
    expect(screen.getByTestId('period-date').textContent).toMatch(date);
    if (over.remaining_days === 1) expect(screen.getByTestId('days-remaining').textContent).toBe('1 day remaining');
  });

  it('shows Expired without days or cancel button', async () => {
    handler = () => json(200, status({ phase: 'expired', remaining_days: 0, paid_until: new Date(Date.now() - DAY).toISOString() }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Expired');
    expect(screen.queryByTestId('days-remaining')).toBeNull();
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Ended on /);
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
  });

  it('shows the no-data state on 404', async () => {
    handler = () => json(404, { error: 'No subscription data found.', code: 'not_found' });
    await renderPage(signedIn());
    expect(await screen.findByText('No subscription data found.')).toBeTruthy();
  });

  it('loads again when the shell reports the trial start (no data → Trial)', async () => {
    handler = () => json(404, { error: 'No subscription data found.', code: 'not_found' });
    await renderPage(signedIn());
    await screen.findByText(en.noData);
    handler = () => json(200, status());
    window.dispatchEvent(new CustomEvent(TRIAL_STARTED_EVENT));
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Trial');
  });

  it('shows the load error on a failed call or a network error', async () => {
    handler = () => json(502, { error: 'x' });
    await renderPage(signedIn());
    expect((await screen.findByRole('alert')).textContent).toBe('Could not retrieve subscription status. Please try again later.');
    cleanup();
    handler = () => Promise.reject(new TypeError('network down'));
    await renderPage(signedIn());
    expect((await screen.findByRole('alert')).textContent).toBe(en.loadError);
  });

  it('asks first: Keep subscription closes the question and cancels nothing', async () => {
    await renderPage(signedIn());
    const opener = await screen.findByRole('button', { name: en.cancel });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: en.confirmCancel.title });
    expect(dialog.textContent).toContain(en.confirmCancel.body);
    const keep = screen.getByRole('button', { name: en.confirmCancel.keep });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.map((c) => c.path)).not.toContain('/api/stripe/cancel');
    expect(window.alert).not.toHaveBeenCalled();
    expect(window.confirm).not.toHaveBeenCalled();
  });

  it('cancels after the question: busy state, then the cancelled notice; the button goes away', async () => {
    let release!: (r: Response) => void;
    await renderPage(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: en.cancel }));
    handler = () => new Promise<Response>((r) => (release = r));
    fireEvent.click(screen.getByRole('button', { name: en.cancel }));
    const busy = await screen.findByRole('button', { name: en.cancelling });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls[1]!.path).toBe('/api/stripe/cancel');
    release(json(200, { ok: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Your subscription has been cancelled. Access remains until the end of the current period.');
    expect(notice.getAttribute('aria-live')).toBe('polite');
    expect(window.alert).not.toHaveBeenCalled();
    expect(window.confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
  });

  it('shows the cancellation failure and keeps the button', async () => {
    await renderPage(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: en.cancel }));
    handler = () => json(502, { error: 'x' });
    fireEvent.click(screen.getByRole('button', { name: en.cancel }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cancellation failed. Try again later or contact support.');
    await waitFor(() => expect((screen.getByRole('button', { name: en.cancel }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows an earlier cancellation as cancelled without a button', async () => {
    handler = () => json(200, status({ cancelled_at: new Date().toISOString() }));
    await renderPage(signedIn());
    expect((await screen.findByText(en.cancelled)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
  });

  it('speaks Dutch', async () => {
    await renderPage(signedIn(), 'nl');
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Proefperiode');
    expect(screen.getByTestId('days-remaining').textContent).toBe('Nog 90 dagen');
    expect(screen.getByRole('button', { name: nl.cancel })).toBeTruthy();
  });
});
