import type { PrismaClient } from '../db.js';
import type { Subscription } from '../generated/prisma/client.js';
import { DAY_MS, type PlanName } from '../domain/access.js';

/** The part of a verified Stripe event this service reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

export type ApplyOutcome = { kind: 'applied'; subscriptionId: string } | { kind: 'ignored'; reason: string };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const idOf = (v: unknown): string | undefined => str(v) ?? str(obj(v).id);
const secs = (v: unknown): Date | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? new Date(v * 1000) : undefined);

/** Yearly when Stripe says so, else by the period's length (spec §5: over 200 days is annual). */
function planOf(interval: string | undefined, start: Date, end: Date): Exclude<PlanName, 'TRIAL'> {
  if (interval === 'year') return 'YEARLY';
  if (interval === 'month' || interval === 'week' || interval === 'day') return 'MONTHLY';
  return (end.getTime() - start.getTime()) / DAY_MS > 200 ? 'YEARLY' : 'MONTHLY';
}

/** The row a Stripe object belongs to: its subscription id, its customer, else the metadata Ferry's checkout sets (sub, email). */
async function findRow(prisma: PrismaClient, ids: { subscriptionId?: string; customerId?: string; metadata: Obj; email?: string }): Promise<Subscription | null> {
  if (ids.subscriptionId) {
    const row = await prisma.subscription.findUnique({ where: { stripeSubscriptionId: ids.subscriptionId } });
    if (row) return row;
  }
  if (ids.customerId) {
    const row = await prisma.subscription.findUnique({ where: { stripeCustomerId: ids.customerId } });
    if (row) return row;
  }
  const sub = str(ids.metadata.sub) ?? str(ids.metadata.ferry_sub);
  if (sub) {
    const row = await prisma.subscription.findUnique({ where: { sub } });
    if (row) return row;
  }
  const email = (str(ids.metadata.email) ?? str(ids.metadata.ferry_email) ?? ids.email)?.trim().toLowerCase();
  if (email) return prisma.subscription.findUnique({ where: { email } });
  return null;
}

/** customer.subscription.created / updated / deleted. */
async function applySubscription(prisma: PrismaClient, event: StripeEventLike, now: Date): Promise<ApplyOutcome> {
  const s = obj(event.data.object);
  const subscriptionId = str(s.id);
  const customerId = idOf(s.customer);
  const row = await findRow(prisma, { subscriptionId, customerId, metadata: obj(s.metadata) });
  if (!row) return { kind: 'ignored', reason: 'no Ferry account for this Stripe subscription' };
  const item = obj((obj(s.items).data as unknown[] | undefined)?.[0]);
  // Newer API versions carry the period on the item, older ones on the subscription.
  const start = secs(item.current_period_start) ?? secs(s.current_period_start);
  const end = secs(item.current_period_end) ?? secs(s.current_period_end);
  const interval = str(obj(obj(item.price).recurring).interval) ?? str(obj(obj(item.plan)).interval);
  const status = str(s.status) ?? '';
  const links = { stripeSubscriptionId: subscriptionId ?? row.stripeSubscriptionId, stripeCustomerId: customerId ?? row.stripeCustomerId };

  if (event.type === 'customer.subscription.deleted' || status === 'canceled' || status === 'incomplete_expired') {
    const ended = secs(s.ended_at) ?? now;
    const paidUntil = ended < row.paidUntil ? ended : row.paidUntil;
    await prisma.subscription.update({
      where: { id: row.id },
      data: { ...links, paidUntil, cancelledAt: row.cancelledAt ?? secs(s.canceled_at) ?? now, phase: paidUntil > now ? row.phase : 'EXPIRED' },
    });
    return { kind: 'applied', subscriptionId: row.id };
  }
  if (!['active', 'trialing', 'past_due'].includes(status) || !start || !end) {
    await prisma.subscription.update({ where: { id: row.id }, data: links });
    return { kind: 'applied', subscriptionId: row.id };
  }
  const cancelled = s.cancel_at_period_end === true || secs(s.cancel_at) !== undefined;
  await prisma.subscription.update({
    where: { id: row.id },
    data: {
      ...links,
      plan: planOf(interval, start, end),
      phase: end > now ? 'PAID' : 'EXPIRED',
      currentPeriodStart: start,
      paidUntil: end,
      cancelledAt: cancelled ? (row.cancelledAt ?? secs(s.canceled_at) ?? now) : null,
    },
  });
  return { kind: 'applied', subscriptionId: row.id };
}

/** invoice.paid: the paid period (the invoice's subscription line) extends access. */
async function applyInvoicePaid(prisma: PrismaClient, event: StripeEventLike, now: Date): Promise<ApplyOutcome> {
  const inv = obj(event.data.object);
  const subscriptionId = idOf(inv.subscription) ?? idOf(obj(obj(inv.parent).subscription_details).subscription);
  const customerId = idOf(inv.customer);
  const metadata = { ...obj(obj(obj(inv.parent).subscription_details).metadata), ...obj(inv.metadata) };
  const row = await findRow(prisma, { subscriptionId, customerId, metadata, email: str(inv.customer_email) });
  if (!row) return { kind: 'ignored', reason: 'no Ferry account for this invoice' };
  const lines = (obj(inv.lines).data as unknown[] | undefined) ?? [];
  const line = obj(lines.find((l) => secs(obj(obj(l).period).end) !== undefined));
  const start = secs(obj(line.period).start);
  const end = secs(obj(line.period).end);
  if (!start || !end) return { kind: 'ignored', reason: 'invoice without a period' };
  const interval = str(obj(obj(line.price).recurring).interval) ?? str(obj(line.plan).interval);
  const paidUntil = end > row.paidUntil || row.plan === 'TRIAL' ? end : row.paidUntil;
  await prisma.subscription.update({
    where: { id: row.id },
    data: {
      stripeSubscriptionId: subscriptionId ?? row.stripeSubscriptionId,
      stripeCustomerId: customerId ?? row.stripeCustomerId,
      plan: planOf(interval, start, end),
      phase: paidUntil > now ? 'PAID' : 'EXPIRED',
      currentPeriodStart: paidUntil === end ? start : row.currentPeriodStart,
      paidUntil,
    },
  });
  return { kind: 'applied', subscriptionId: row.id };
}

const HANDLED = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid']);

/** Applies one verified event to the Subscription rows; other event types are acknowledged and ignored. */
export function applyStripeEvent(prisma: PrismaClient, event: StripeEventLike, now: Date): Promise<ApplyOutcome> {
  if (!HANDLED.has(event.type)) return Promise.resolve({ kind: 'ignored', reason: `event type ${event.type} not used` });
  return event.type === 'invoice.paid' ? applyInvoicePaid(prisma, event, now) : applySubscription(prisma, event, now);
}
