import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import type { SendAccountNoticeRequest } from '@ferry/contracts/notification/v1';
import { startStripeServer, type StripeServer } from '@ferry/dev-stripe';
import type Stripe from 'stripe';
import { createStripeClient } from '../src/stripe/client.js';
import { ensurePrices } from '../src/stripe/prices.js';
import { callUnary, logger, startBilling, type RunningBilling } from './harness.js';

export const SECRET_KEY = 'sk_test_billingsuite0123';
export const WEBHOOK_SECRET = 'whsec_billingsuite0123';
export const PUBLIC_ORIGIN = 'http://localhost:8080';

export interface Delivery {
  payload: Buffer;
  signature: string;
}

/**
 * The gateway's part of a webhook, for tests: Stripe's POST body and signature go to billing's
 * HandleStripeEvent (200 when accepted, 400 when refused, 503 otherwise, so the stand-in retries).
 * `hold` keeps deliveries instead, for a test to hand over in its own order.
 */
async function startWebhookRelay() {
  let target: RunningBilling | undefined;
  let holding = false;
  const held: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { payload: Buffer.concat(chunks), signature: String(req.headers['stripe-signature'] ?? '') };
      if (holding || !target) {
        held.push(delivery);
        res.writeHead(200).end();
        return;
      }
      void deliver(target, delivery).then(({ err }) =>
        res.writeHead(!err ? 200 : err.code === grpc.status.INVALID_ARGUMENT ? 400 : 503).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
    held,
    setTarget: (b: RunningBilling) => {
      target = b;
    },
    hold: (on: boolean) => {
      holding = on;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export function deliver(billing: RunningBilling, delivery: Delivery) {
  return callUnary(billing.billing.handleStripeEvent.bind(billing.billing), delivery);
}

export interface PayingStack {
  stripeServer: StripeServer;
  stripe: Stripe;
  billing: RunningBilling;
  relay: Awaited<ReturnType<typeof startWebhookRelay>>;
  /** The trial reminders billing handed to notification. */
  notices: SendAccountNoticeRequest[];
  stop(): Promise<void>;
}

/**
 * Billing with payments and the test clock on, Stripe's SDK pointed at the Stripe stand-in
 * (services/dev-stripe, in process), whose webhooks reach billing as through the gateway.
 */
export async function startPayingStack(databaseUrl: string): Promise<PayingStack> {
  const relay = await startWebhookRelay();
  const stripeServer = await startStripeServer({
    port: 0,
    secretKey: SECRET_KEY,
    webhook: { url: relay.url, secret: WEBHOOK_SECRET },
    retry: { baseMs: 20, maxMs: 200 },
    logger,
  });
  const stripe = createStripeClient(SECRET_KEY, stripeServer.url);
  await ensurePrices(stripe);
  const notices: SendAccountNoticeRequest[] = [];
  const billing = await startBilling(databaseUrl, undefined, {
    stripe,
    stripeWebhookSecret: WEBHOOK_SECRET,
    payments: true,
    testClock: true,
    reminders: { publicOrigin: PUBLIC_ORIGIN, intervalMs: 60_000, send: async (req) => void notices.push(req) },
  });
  relay.setTarget(billing);
  return {
    stripeServer,
    stripe,
    billing,
    relay,
    notices,
    stop: async () => {
      await billing.stop();
      await stripeServer.close();
      await relay.close();
    },
  };
}

/** The billing address Checkout asks for (Stripe Tax), in Germany. */
export const BILLING_ADDRESS = {
  name: 'Ada Lovelace',
  country: 'DE',
  line1: 'Unter den Linden 1',
  postal_code: '10117',
  city: 'Berlin',
};

/** Posts the hosted Checkout page's form as a browser does; answers the status, Location and page text. */
export async function payOnHostedPage(
  url: string,
  cardNumber: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card_number: cardNumber, ...BILLING_ADDRESS, ...extra }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
