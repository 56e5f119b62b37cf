import type Stripe from 'stripe';
import type { PrismaClient } from '../db.js';
import type { Subscription } from '../generated/prisma/client.js';
import { findAccount, idOf, syncSubscription } from './sync.js';

/** The part of a verified Stripe event this service reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

export type ApplyOutcome =
  | { kind: 'applied'; subscriptionId: string; sync: string }
  | { kind: 'ignored'; reason: string };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The Stripe subscription and the Ferry account an event is about. */
function references(event: StripeEventLike): {
  subscriptionId: string | null;
  customerId: string | null;
  ferrySub: string | null;
} {
  const o = obj(event.data.object);
  if (event.type === 'checkout.session.completed') {
    return {
      subscriptionId: idOf(o.subscription),
      customerId: idOf(o.customer),
      ferrySub: str(o.client_reference_id) ?? str(obj(o.metadata).ferry_sub),
    };
  }
  if (event.type.startsWith('invoice.')) {
    const details = obj(obj(o.parent).subscription_details);
    return {
      subscriptionId: idOf(o.subscription) ?? idOf(details.subscription),
      customerId: idOf(o.customer),
      ferrySub: str(obj(details.metadata).ferry_sub) ?? str(obj(o.metadata).ferry_sub),
    };
  }
  return { subscriptionId: str(o.id), customerId: idOf(o.customer), ferrySub: str(obj(o.metadata).ferry_sub) };
}

/**
 * Whether Stripe has this customer, not deleted, and Ferry made it for this account (ensureCustomer
 * tags it with metadata.ferry_sub). An event's copy is never trusted for it: a stored id that Stripe
 * does not know would break every later Checkout and portal. Stripe failing otherwise throws, so
 * the event is retried.
 */
async function isCustomerOf(stripe: Stripe, customerId: string, sub: string): Promise<boolean> {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    return customer.deleted !== true && customer.metadata?.ferry_sub === sub;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}

/**
 * Applies one verified event: the subscription it names is read from Stripe and stored as Stripe
 * has it now (see syncSubscription). Other event types, and objects of no Ferry account, are
 * acknowledged and ignored.
 */
export async function applyStripeEvent(
  prisma: PrismaClient,
  stripe: Stripe | undefined,
  event: StripeEventLike,
  now: (row: Subscription) => Date,
): Promise<ApplyOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return { kind: 'ignored', reason: `event type ${event.type} not used` };
  if (!stripe) return { kind: 'ignored', reason: 'payments are off (no STRIPE_SECRET_KEY)' };
  const refs = references(event);
  if (!refs.subscriptionId) return { kind: 'ignored', reason: 'no subscription on this object' };
  const account = await findAccount(prisma, refs);
  if (!account) return { kind: 'ignored', reason: 'no Ferry account for this Stripe object' };
  if (!account.stripeCustomerId && refs.customerId && (await isCustomerOf(stripe, refs.customerId, account.sub))) {
    await prisma.subscription.update({ where: { id: account.id }, data: { stripeCustomerId: refs.customerId } });
  }
  const sync = await syncSubscription(prisma, stripe, account.id, refs.subscriptionId, now);
  return { kind: 'applied', subscriptionId: account.id, sync };
}
