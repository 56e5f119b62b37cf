import { BillingServiceClient, BillingServiceService } from '@ferry/contracts/billing/v1';
import { createGrpcClient } from '@ferry/service-kit';
import { callEveryHostileCase, snapshotTables, testCallerKeys } from '@ferry/service-kit/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPolicies } from '../src/policies.js';
import { BILLING_SERVICE_NAME } from '../src/server.js';
import { callUnary, migratedPostgres, startBilling, type RunningBilling } from './harness.js';

const alice = { sub: 'sub-alice', email: 'alice@example.com' };
const WEBHOOK_SECRET = 'whsec_ferry_hostile_test';

type Method = keyof typeof BillingServiceService;

/** A Stripe delivery that the handler would accept (valid signature) and record. */
function stripeDelivery(): { payload: Buffer; signature: string } {
  const payload = JSON.stringify({
    id: 'evt_hostile_1',
    object: 'event',
    type: 'customer.subscription.deleted',
    data: {
      object: {
        id: 'sub_alice',
        object: 'subscription',
        customer: 'cus_alice',
        status: 'canceled',
        metadata: { sub: alice.sub },
      },
    },
  });
  return {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

/**
 * A request per RPC that would read or change alice's subscription if it were accepted. Typed over
 * every method of the definition: a new RPC without a request here does not compile.
 */
function requests(): Record<Method, unknown> {
  return {
    startTrial: { caller: alice, language: 'en' },
    getAccessStatus: { caller: alice, language: 'en' },
    cancelSubscription: { caller: alice },
    handleStripeEvent: stripeDelivery(),
    listPlans: {},
    createCheckoutSession: {
      caller: alice,
      plan: 3,
      successUrl: 'https://ferry.example/account?checkout=success',
      cancelUrl: 'https://ferry.example/account?checkout=cancelled',
      language: 'en',
    },
    createPortalSession: { caller: alice, returnUrl: 'https://ferry.example/account', language: 'en' },
    resumeSubscription: { caller: alice },
    advanceTestClock: { caller: alice, seconds: '86400' },
    exportMySubscription: { caller: alice },
    eraseAccount: { sub: alice.sub },
  };
}

describe('hostile callers of the billing service', () => {
  let database: Awaited<ReturnType<typeof migratedPostgres>>;
  let running: RunningBilling;
  let bare: BillingServiceClient;
  const snapshot = () => snapshotTables((sql) => running.db.prisma.$queryRawUnsafe(sql));

  beforeAll(async () => {
    database = await migratedPostgres();
    running = await startBilling(database.url, undefined, { stripeWebhookSecret: WEBHOOK_SECRET });
    // A client with no caller-assertion interceptor: each case sets its own metadata.
    bare = createGrpcClient(BillingServiceClient, `127.0.0.1:${running.server.port}`);
    // Alice has a running trial, so a hostile cancel would have something to change.
    expect(
      (await callUnary(running.billing.startTrial.bind(running.billing), { caller: alice, language: 'en' })).err,
    ).toBeNull();
  });
  afterAll(async () => {
    bare?.close();
    await running?.stop();
    await database?.drop();
  });

  it('has a request and a policy for every RPC of the definition', () => {
    expect(Object.keys(requests()).sort()).toEqual(Object.keys(BillingServiceService).sort());
    expect(Object.keys(billingPolicies).sort()).toEqual(Object.keys(BillingServiceService).sort());
  });

  it('refuses every hostile call of every RPC, and no table changes', async () => {
    const before = await snapshot();
    // Billing trusts the gateway and the link service (account erasure); billing's own identity is an unknown issuer.
    const refused = await callEveryHostileCase({
      client: bare,
      definition: BillingServiceService,
      audience: BILLING_SERVICE_NAME,
      policies: billingPolicies,
      requests: requests(),
      keys: testCallerKeys(),
      victim: alice,
      trusted: ['gateway', 'link'],
    });
    for (const r of refused) expect(r.code, `${r.rpc}: ${r.case} (${r.details})`).toBe(r.expected);
    expect(refused).toHaveLength(Object.keys(BillingServiceService).length * 6);
    expect(await snapshot()).toEqual(before);
  });

  it('the snapshot sees a change an accepted call makes (control)', async () => {
    const before = await snapshot();
    const { err } = await callUnary(running.billing.cancelSubscription.bind(running.billing), { caller: alice });
    expect(err).toBeNull();
    expect(await snapshot()).not.toEqual(before);
  });
});
