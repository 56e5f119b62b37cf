import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeServer, type ApiExchange, type StripeServer, type StripeServerOptions } from '../../src/index.js';

export const SECRET_KEY = 'sk_test_harness0123456789';

export interface Harness {
  server: StripeServer;
  stripe: Stripe;
  exchanges: ApiExchange[];
}

/** A stand-in on a free port and Stripe's own SDK pointed at it by host, port and protocol. */
export async function startHarness(options: Partial<StripeServerOptions> = {}): Promise<Harness> {
  const exchanges: ApiExchange[] = [];
  const server = await startStripeServer({
    port: 0,
    secretKey: SECRET_KEY,
    observe: (e) => exchanges.push(e),
    ...options,
  });
  const stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { server, stripe, exchanges };
}

/** Posts the hosted Checkout page's form as a browser would; answers the status, Location and page text. */
export async function payOnHostedPage(
  url: string,
  cardNumber: string,
  email?: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const form = new URLSearchParams({ card_number: cardNumber, ...(email ? { email } : {}) });
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

export interface Received {
  body: string;
  signature: string;
  at: number;
}

/** A webhook receiver that answers with `status(n)` for the n-th delivery (0-based). */
export async function startReceiver(
  status: (n: number, req: IncomingMessage) => number = () => 200,
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature'] ?? ''),
        at: Date.now(),
      });
      res.writeHead(status(n++, req));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits for a condition, polling; fails with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const DAY = 86_400;

/** 1 January 2027, 00:00 UTC: a fixed start so renewal dates are exact. */
export const T0 = Date.UTC(2027, 0, 1) / 1000;

/** Ferry's two prices, as billing's setup command creates them. */
export async function ferryPrices(stripe: Stripe): Promise<{ monthly: Stripe.Price; yearly: Stripe.Price }> {
  const product = await stripe.products.create({ name: 'Ferry Pro' });
  const monthly = await stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: 200,
    recurring: { interval: 'month' },
    lookup_key: 'ferry_monthly_eur',
    transfer_lookup_key: true,
  });
  const yearly = await stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: 1000,
    recurring: { interval: 'year' },
    lookup_key: 'ferry_yearly_eur',
    transfer_lookup_key: true,
  });
  return { monthly, yearly };
}

/** A customer on a fresh test clock at T0 with a subscription paid through the hosted page. */
export async function subscribed(
  stripe: Stripe,
  price: Stripe.Price,
  card: string,
  trialDays: number | null,
): Promise<{ clock: Stripe.TestHelpers.TestClock; customer: Stripe.Customer; subscription: Stripe.Subscription }> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: T0 });
  const customer = await stripe.customers.create({
    email: 'payer@example.com',
    test_clock: clock.id,
    metadata: { account: 'acc_1' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://ferry.test/account?checkout=success',
    cancel_url: 'http://ferry.test/account?checkout=cancelled',
    ...(trialDays ? { subscription_data: { trial_end: T0 + trialDays * DAY } } : {}),
  });
  const paid = await payOnHostedPage(session.url!, card);
  if (paid.status !== 303) throw new Error(`checkout did not complete: ${paid.status}`);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
  return { clock, customer, subscription };
}

/** Advances a clock and waits until it reads ready, as code against real Stripe does. */
export async function advance(stripe: Stripe, clock: string, to: number): Promise<void> {
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
  await waitFor(
    'the clock to be ready',
    async () => (await stripe.testHelpers.testClocks.retrieve(clock)).status === 'ready',
  );
}
