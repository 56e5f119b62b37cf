import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

interface StripeEvent {
  id: string;
  type: string;
  pending_webhooks: number;
}

/**
 * The Stripe stand-in as `npm start` runs it: it accepts the stack's generated key only, and every
 * event it emits is posted to the gateway's /api/stripe/webhook, signed with the secret billing
 * verifies, and accepted there (Stripe's pending_webhooks drops to 0 only on a 2xx).
 */
describe('the Stripe stand-in in the stack', () => {
  let stack: SuiteStack | undefined;
  let api: (path: string, init?: RequestInit & { key?: string }) => Promise<Response>;

  beforeAll(async () => {
    stack = await stackForSuite();
    const { apiUrl, secretKey } = stack.stripe;
    api = (path, init = {}) =>
      fetch(`${apiUrl}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${init.key ?? secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          ...init.headers,
        },
      });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it("answers the stack's key and refuses any other (401)", async () => {
    expect((await api('/v1/customers?limit=1')).status).toBe(200);
    expect((await api('/v1/customers?limit=1', { key: 'sk_test_notthestackskey0000' })).status).toBe(401);
  });

  it("posts its events to the gateway's webhook, which verifies the signature and accepts them", async () => {
    const email = `stand-in-${Date.now().toString(36)}@example.com`;
    const created = await api('/v1/customers', { method: 'POST', body: new URLSearchParams({ email }) });
    expect(created.status).toBe(200);
    const customer = (await created.json()) as { id: string };
    const events = (await (await api('/v1/events?type=customer.created&limit=20')).json()) as {
      data: Array<StripeEvent & { data: { object: { id: string } } }>;
    };
    const event = events.data.find((e) => e.data.object.id === customer.id);
    expect(event?.pending_webhooks).toBe(1);
    let delivered: StripeEvent | undefined;
    await waitFor(
      'the gateway to accept the webhook',
      async () => {
        delivered = (await (await api(`/v1/events/${event!.id}`)).json()) as StripeEvent;
        return delivered.pending_webhooks === 0;
      },
      20_000,
    );
    expect(delivered?.type).toBe('customer.created');
  });
});
