import type Stripe from 'stripe';
import type { PrismaClient } from '../db.js';
import type { Prisma, Subscription } from '../generated/prisma/client.js';
import { hasLivePaidPlan } from '../domain/access.js';
import { planOfPrice } from './prices.js';

type Tx = Prisma.TransactionClient;

const secs = (v: unknown): Date | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? new Date(v * 1000) : null;
const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;

const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/**
 * The stored facts for a subscription as Stripe reports it now. Reading the whole object from
 * Stripe (never a webhook's copy) is what makes late, repeated and out-of-order events harmless:
 * whatever arrives, the row ends as Stripe's current state.
 */
export function factsFromStripe(
  row: Pick<Subscription, 'cancelledAt' | 'pastDueSince' | 'paidUntil'>,
  s: Stripe.Subscription,
  now: Date,
): Prisma.SubscriptionUpdateInput {
  const item = s.items?.data?.[0];
  const legacy = s as unknown as { current_period_start?: number; current_period_end?: number };
  const start = secs(item?.current_period_start) ?? secs(legacy.current_period_start) ?? now;
  const end = secs(item?.current_period_end) ?? secs(legacy.current_period_end) ?? now;
  const status = s.status;
  const live = LIVE.has(status);
  const renewalCancelled = live && (s.cancel_at_period_end === true || secs(s.cancel_at) !== null);
  const ended = status === 'canceled' || status === 'incomplete_expired';
  const cancelledAt = renewalCancelled || ended ? (row.cancelledAt ?? secs(s.canceled_at) ?? now) : null;
  const pastDue = status === 'past_due' || status === 'unpaid';
  const endedAt = secs(s.ended_at) ?? now;
  return {
    stripeSubscriptionId: s.id,
    stripeCustomerId: idOf(s.customer),
    stripeStatus: status,
    plan: planOfPrice(item?.price),
    currentPeriodStart: start,
    paidUntil: ended ? new Date(Math.min(endedAt.getTime(), end.getTime())) : end,
    paidStartsAt: status === 'trialing' ? secs(s.trial_end) : null,
    cancelledAt,
    // The grace period runs from the renewal that failed: the end of the period that was paid.
    pastDueSince: pastDue ? (row.pastDueSince ?? (row.paidUntil <= now ? row.paidUntil : now)) : null,
    phase: ended && endedAt <= now ? 'EXPIRED' : status === 'trialing' ? 'TRIAL' : 'PAID',
  };
}

export type SyncOutcome = 'synced' | 'duplicate-cancelled' | 'ignored-stale';

/**
 * Reads `subscriptionId` from Stripe and stores it on the account, under the account's row lock
 * (concurrent deliveries apply one after the other). An account keeps one subscription: a second
 * live one (two Checkouts both paid) is cancelled at Stripe at once and never stored.
 */
export async function syncSubscription(
  prisma: PrismaClient,
  stripe: Stripe,
  accountId: string,
  subscriptionId: string,
  now: (row: Subscription) => Date,
): Promise<SyncOutcome> {
  return prisma.$transaction(
    async (tx: Tx) => {
      await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${accountId}::uuid FOR UPDATE`;
      const row = await tx.subscription.findUniqueOrThrow({ where: { id: accountId } });
      const s = await stripe.subscriptions.retrieve(subscriptionId);
      const at = now(row);
      if (row.stripeSubscriptionId && row.stripeSubscriptionId !== s.id) {
        if (!LIVE.has(s.status)) return 'ignored-stale';
        if (hasLivePaidPlan(row)) {
          await stripe.subscriptions.cancel(s.id, {}, { idempotencyKey: `cancel-duplicate/${s.id}` });
          return 'duplicate-cancelled';
        }
      }
      await tx.subscription.update({ where: { id: row.id }, data: factsFromStripe(row, s, at) });
      return 'synced';
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/** How long after opening a Checkout a status read asks Stripe whether it completed. */
export const CHECKOUT_CONFIRM_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The account's last Checkout, if opened within the window and no paid plan is stored yet: when
 * Stripe says it completed, its subscription is stored now. The account page polls its status
 * after returning from Checkout; this answers it even when the webhook is late or lost.
 */
export async function confirmCheckout(
  prisma: PrismaClient,
  stripe: Stripe,
  row: Subscription,
  wallNow: Date,
  now: (row: Subscription) => Date,
): Promise<boolean> {
  if (!row.checkoutSessionId || !row.checkoutOpenedAt || hasLivePaidPlan(row)) return false;
  if (wallNow.getTime() - row.checkoutOpenedAt.getTime() > CHECKOUT_CONFIRM_WINDOW_MS) return false;
  const session = await stripe.checkout.sessions.retrieve(row.checkoutSessionId);
  const subscriptionId = idOf(session.subscription);
  if (session.status !== 'complete' || !subscriptionId) return false;
  await syncSubscription(prisma, stripe, row.id, subscriptionId, now);
  return true;
}

/** The account a Stripe object belongs to: its subscription, its customer, else Ferry's metadata / reference. */
export async function findAccount(
  prisma: PrismaClient,
  ids: { subscriptionId?: string | null; customerId?: string | null; ferrySub?: string | null },
): Promise<Subscription | null> {
  if (ids.subscriptionId) {
    const row = await prisma.subscription.findUnique({ where: { stripeSubscriptionId: ids.subscriptionId } });
    if (row) return row;
  }
  if (ids.customerId) {
    const row = await prisma.subscription.findUnique({ where: { stripeCustomerId: ids.customerId } });
    if (row) return row;
  }
  if (ids.ferrySub) return prisma.subscription.findUnique({ where: { sub: ids.ferrySub } });
  return null;
}

export { idOf };
