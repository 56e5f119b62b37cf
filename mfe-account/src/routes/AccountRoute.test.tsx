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
import { leaveTo } from '../domain/leave';

vi.mock('../domain/leave', () => ({ leaveTo: vi.fn() }));
vi.mock('../domain/checkout-poll', () => ({ CHECKOUT_POLL: { intervalMs: 20, timeoutMs: 400 } }));

/** The page's now: 10:00 on 2 December 2026 in the zone the test runs in (TZ), its clock running on from there. */
const NOW = new Date(2026, 11, 2, 10, 0);
/** `n` calendar days from NOW in the test's zone, at the same time of day (a daylight-saving change between is not a day). */
const inDays = (n: number) => new Date(2026, 11, 2 + n, 10, 0).toISOString();
/** Noon of a date in the test's zone: the same date in the page's words in every zone. */
const noonOn = (year: number, monthIndex: number, day: number) => new Date(year, monthIndex, day, 12).toISOString();
const signedIn = (): ShellAuth =>
  createTestAuth({
    isAuthenticated: true,
    token: 'tok-ann',
    user: { id: 'sub-ann', email: 'ann@example.com' },
    email: 'ann@example.com',
  });

type Handler = (path: string, init: RequestInit) => Promise<Response> | Response;
/** Answers every call but GET /api/billing/plans, which `plansHandler` answers. */
let handler: Handler;
let plansHandler: Handler;
const PLANS = {
  plans: [
    { plan: 'monthly', unit_amount: 200, currency: 'eur', interval: 'month', best_value: false },
    { plan: 'yearly', unit_amount: 1000, currency: 'eur', interval: 'year', best_value: true },
  ],
};
const calls: { path: string; init: RequestInit }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = (over: Record<string, unknown> = {}) => ({
  phase: 'trial',
  remaining_days: 90,
  total_days: 90,
  paid_until: inDays(90),
  cancelled_at: null,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  calls.length = 0;
  vi.mocked(leaveTo).mockReset();
  handler = () => json(200, status());
  plansHandler = () => json(200, PLANS);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({ path, init });
      return path === '/api/billing/plans' ? plansHandler(path, init) : handler(path, init);
    }),
  );
  // The product never uses the browser's own dialogs.
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'confirm').mockImplementation(() => false);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(auth: ShellAuth | null, language = 'en', path = '/account') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, nl: { [NAMESPACE]: nl } }, language);
  render(
    <I18nextProvider i18n={i18n}>
      <ShellProvider value={createTestShellValue(i18n, { auth })}>
        <MemoryRouter initialEntries={[path]}>
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
    expect(
      badgeOf({
        phase: 'expired',
        remaining_days: 0,
        total_days: 365,
        paid_until: null,
        cancelled_at: null,
        plan: 'yearly',
        state: 'expired',
        starts_at: null,
        grace_until: null,
      }),
    ).toBe('expired');
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
    const status = calls.find((c) => c.path === '/api/access/status')!;
    expect(status.init.method).toBe('POST');
    expect((status.init.headers as Record<string, string>).authorization).toBe('Bearer tok-ann');
    expect(JSON.parse(String(status.init.body))).toEqual({ email: 'ann@example.com', language: 'en' });
  });

  it.each([
    [{ phase: 'paid', total_days: 365, remaining_days: 300 }, 'Pro (Annual)', /^Renews on /],
    [{ phase: 'paid', total_days: 31, remaining_days: 1, paid_until: inDays(1) }, 'Pro (Monthly)', /^Renews on /],
  ])('shows a paid plan %o as %s', async (over, badge, date) => {
    handler = () => json(200, status(over));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe(badge);
    expect(screen.getByTestId('period-date').textContent).toMatch(date);
    if (over.remaining_days === 1) expect(screen.getByTestId('days-remaining').textContent).toBe('1 day remaining');
  });

  it('shows Expired without days or cancel button', async () => {
    handler = () => json(200, status({ phase: 'expired', remaining_days: 0, paid_until: inDays(-1) }));
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
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not retrieve subscription status. Please try again later.',
    );
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
    expect(dialog.textContent).toMatch(/Access remains until \w+ \d+, \d{4}; after that, it does not renew\./);
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
    expect(calls.map((c) => c.path)).toContain('/api/stripe/cancel');
    release(json(200, { ok: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = await screen.findByTestId('account-message');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(
      'Your subscription has been cancelled. Access remains until the end of the current period.',
    );
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Cancelled — access until /);
    expect(screen.getByRole('button', { name: en.resume })).toBeTruthy();
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
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cancellation failed. Try again later or contact support.',
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: en.cancel }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows an earlier cancellation as cancelled (badge kept, access until its end) without a cancel button', async () => {
    handler = () => json(200, status({ cancelled_at: new Date().toISOString() }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Trial');
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Cancelled — access until /);
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
    expect(screen.getByRole('button', { name: en.resume })).toBeTruthy();
  });

  it('speaks Dutch', async () => {
    await renderPage(signedIn(), 'nl');
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Proefperiode');
    expect(screen.getByTestId('days-remaining').textContent).toBe('Nog 90 dagen');
    expect(screen.getByRole('button', { name: nl.cancel })).toBeTruthy();
  });
});

const paid = (over: Record<string, unknown> = {}) =>
  status({
    phase: 'paid',
    plan: 'yearly',
    state: 'active',
    total_days: 365,
    remaining_days: 365,
    paid_until: inDays(365),
    ...over,
  });
const bodyOf = (path: string) =>
  JSON.parse(String(calls.find((c) => c.path === path)!.init.body)) as Record<string, unknown>;

describe('plans and Checkout', () => {
  it('offers the plans of the billing service to a trial: EUR without decimals, yearly marked best value', async () => {
    await renderPage(signedIn());
    const monthly = await screen.findByTestId('plan-monthly');
    const yearly = screen.getByTestId('plan-yearly');
    expect(monthly.querySelector('[data-testid="plan-price"]')!.textContent).toBe('€2 per month');
    expect(yearly.querySelector('[data-testid="plan-price"]')!.textContent).toBe('€10 per year');
    expect(yearly.textContent).toContain(en.plans.bestValue);
    expect(monthly.textContent).not.toContain(en.plans.bestValue);
    expect(screen.getByRole('heading', { level: 2, name: en.plans.title })).toBeTruthy();
    expect(screen.getByText(en.plans.intro)).toBeTruthy();
    for (const plan of [monthly, yearly])
      expect(plan.querySelector('[data-testid="plan-vat"]')!.textContent).toBe(en.plans.inclVat);
    expect(screen.getByTestId('plans-vat-note').textContent).toBe(en.plans.vatNote);
  });

  it('shows the prices the API gives, never fixed ones', async () => {
    plansHandler = () =>
      json(200, {
        plans: [{ plan: 'monthly', unit_amount: 300, currency: 'eur', interval: 'month', best_value: false }],
      });
    await renderPage(signedIn(), 'nl');
    const monthly = await screen.findByTestId('plan-monthly');
    expect(monthly.querySelector('[data-testid="plan-price"]')!.textContent).toMatch(/^€\s3 per maand$/);
    expect(screen.queryByTestId('plan-yearly')).toBeNull();
  });

  it('says so when the plans cannot be loaded', async () => {
    plansHandler = () => json(503, { error: 'x', code: 'upstream_unavailable' });
    await renderPage(signedIn());
    expect((await screen.findByRole('alert')).textContent).toBe(en.plans.loadError);
  });

  it('Choose plan opens Checkout once: busy while waiting, a second click does nothing', async () => {
    let release!: (r: Response) => void;
    handler = (path) =>
      path === '/api/billing/checkout' ? new Promise<Response>((r) => (release = r)) : json(200, status());
    await renderPage(signedIn());
    const choose = await screen.findByRole('button', { name: 'Choose plan: Yearly' });
    fireEvent.click(choose);
    fireEvent.click(choose);
    const busy = await screen.findByRole('button', { name: 'Choose plan: Yearly' });
    expect(busy.textContent).toBe(en.plans.choosing);
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Choose plan: Monthly' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.path === '/api/billing/checkout')).toHaveLength(1);
    expect(bodyOf('/api/billing/checkout')).toEqual({ email: 'ann@example.com', language: 'en', plan: 'yearly' });
    release(json(200, { url: 'http://127.0.0.1:4300/c/pay/cs_test_1' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://127.0.0.1:4300/c/pay/cs_test_1'));
    fireEvent.click(choose);
    expect(calls.filter((c) => c.path === '/api/billing/checkout')).toHaveLength(1);
    expect(leaveTo).toHaveBeenCalledTimes(1);
  });

  it('a refused Checkout (409 already_subscribed) says so and loads the status again', async () => {
    handler = (path) =>
      path === '/api/billing/checkout' ? json(409, { error: 'x', code: 'already_subscribed' }) : json(200, status());
    await renderPage(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Choose plan: Monthly' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.plans.alreadySubscribed);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/access/status').length).toBeGreaterThanOrEqual(2));
    expect(leaveTo).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Choose plan: Monthly' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('back from Checkout with success: "Confirming payment…" while it polls, then the paid plan', async () => {
    let answers = 0;
    handler = () =>
      ++answers < 4 ? json(200, status()) : json(200, paid({ state: 'scheduled', starts_at: inDays(90) }));
    await renderPage(signedIn(), 'en', '/account?checkout=success');
    expect(screen.getByTestId('checkout-notice').textContent).toBe(en.checkout.confirming);
    await waitFor(() => expect(screen.getByTestId('checkout-notice').textContent).toBe(en.checkout.confirmed));
    expect(screen.getByTestId('subscription-badge').textContent).toBe('Pro (Annual)');
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Starts on /);
    expect(screen.queryByTestId('plan-yearly')).toBeNull();
    expect(answers).toBeGreaterThanOrEqual(4);
  });

  it('back from Checkout with success but no webhook in time: a message after the timeout', async () => {
    await renderPage(signedIn(), 'en', '/account?checkout=success');
    expect(screen.getByTestId('checkout-notice').textContent).toBe(en.checkout.confirming);
    await waitFor(() => expect(screen.getByTestId('checkout-notice').textContent).toBe(en.checkout.slow));
    expect(screen.getByTestId('checkout-notice').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('subscription-badge').textContent).toBe('Trial');
  });

  it('back from a cancelled Checkout: a clear message, the trial unchanged', async () => {
    await renderPage(signedIn(), 'en', '/account?checkout=cancelled');
    expect(screen.getByTestId('checkout-notice').textContent).toBe(en.checkout.cancelled);
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Trial');
  });
});

describe('paid states', () => {
  it('paid during the trial: the plan badge with "Starts on", Manage billing, no plans', async () => {
    const startsAt = noonOn(2027, 1, 23);
    handler = () => json(200, paid({ state: 'scheduled', starts_at: startsAt, total_days: 90, remaining_days: 80 }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Pro (Annual)');
    expect(screen.getByTestId('period-date').textContent).toBe('Starts on February 23, 2027');
    expect(screen.getByRole('button', { name: en.manageBilling })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.cancel })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: en.plans.title })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/billing/plans');
  });

  it('active monthly: renews on its date; Manage billing opens the portal', async () => {
    handler = (path) =>
      path === '/api/billing/portal'
        ? json(200, { url: 'http://127.0.0.1:4300/p/session/bps_1' })
        : json(200, paid({ plan: 'monthly', total_days: 31, remaining_days: 20 }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Pro (Monthly)');
    expect(screen.getByTestId('period-date').textContent).toMatch(/^Renews on /);
    fireEvent.click(screen.getByRole('button', { name: en.manageBilling }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://127.0.0.1:4300/p/session/bps_1'));
    expect(screen.getByRole('button', { name: en.opening })).toBeTruthy();
  });

  it('a paid plan shows the VAT line, and "View invoices" opens the portal with the invoices', async () => {
    handler = (path) =>
      path === '/api/billing/portal'
        ? json(200, { url: 'http://127.0.0.1:4300/p/session/bps_2' })
        : json(200, paid({ plan: 'yearly', total_days: 365, remaining_days: 300 }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('vat-line')).textContent).toBe(en.vatLine);
    fireEvent.click(screen.getByRole('button', { name: en.invoices }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://127.0.0.1:4300/p/session/bps_2'));
  });

  it('a trial has no VAT line and no invoices button', async () => {
    await renderPage(signedIn());
    await screen.findByTestId('plan-monthly');
    expect(screen.queryByTestId('vat-line')).toBeNull();
    expect(screen.queryByTestId('invoices')).toBeNull();
  });

  it('a portal refused for lack of a billing account says so', async () => {
    handler = (path) =>
      path === '/api/billing/portal' ? json(409, { error: 'x', code: 'no_billing_account' }) : json(200, paid());
    await renderPage(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: en.manageBilling }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.noBillingAccount);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('cancelled paid plan: badge kept, "Cancelled — access until", Resume brings the plan back', async () => {
    const until = noonOn(2027, 10, 25);
    handler = (path) =>
      path === '/api/billing/resume'
        ? json(200, { ok: true, ...paid({ paid_until: until }) })
        : json(200, paid({ state: 'cancelled', cancelled_at: new Date().toISOString(), paid_until: until }));
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Pro (Annual)');
    expect(screen.getByTestId('period-date').textContent).toBe('Cancelled — access until November 25, 2027');
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.resume }));
    expect((await screen.findByTestId('account-message')).textContent).toBe(en.resumed);
    expect(screen.getByTestId('period-date').textContent).toBe('Renews on November 25, 2027');
    expect(screen.queryByRole('button', { name: en.resume })).toBeNull();
    expect(screen.getByRole('button', { name: en.cancel })).toBeTruthy();
  });

  it('a resume refused (409 nothing_to_resume) says so', async () => {
    handler = (path) =>
      path === '/api/billing/resume'
        ? json(409, { error: 'x', code: 'nothing_to_resume' })
        : json(200, paid({ state: 'cancelled', cancelled_at: new Date().toISOString() }));
    await renderPage(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: en.resume }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.nothingToResume);
  });

  it('failed renewal: "Payment failed" beside the plan, the grace date and a link to the portal', async () => {
    const grace = noonOn(2027, 0, 8);
    handler = (path) =>
      path === '/api/billing/portal'
        ? json(200, { url: 'http://127.0.0.1:4300/p/session/bps_2' })
        : json(
            200,
            paid({ plan: 'monthly', state: 'past_due', grace_until: grace, total_days: 31, remaining_days: 5 }),
          );
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Pro (Monthly)');
    expect(screen.getByTestId('payment-failed-badge').textContent).toBe('Payment failed');
    expect(screen.getByTestId('past-due').textContent).toContain(
      'Update your payment method by January 8, 2027 to keep access.',
    );
    fireEvent.click(screen.getByRole('button', { name: en.updatePayment }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://127.0.0.1:4300/p/session/bps_2'));
  });

  it('an ended paid plan: Expired, the plans again, Manage billing for its invoices', async () => {
    handler = () =>
      json(
        200,
        paid({
          phase: 'expired',
          state: 'expired',
          remaining_days: 0,
          paid_until: inDays(-1),
        }),
      );
    await renderPage(signedIn());
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Expired');
    expect(await screen.findByTestId('plan-yearly')).toBeTruthy();
    expect(screen.getByText(en.plans.introEnded)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.manageBilling })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
  });
});
