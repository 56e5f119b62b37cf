import type { PrismaClient } from './db.js';
import type { Subscription } from './generated/prisma/client.js';
import { accessAt, DAY_MS, newTrial, TRIAL_DAYS, type Access, type SubscriptionFacts } from './domain/access.js';
import type { VerifiedCaller } from './handlers/caller.js';

export type { Subscription } from './generated/prisma/client.js';

/** The trial's end (rows from before it was stored: 90 days after the start, else the first period's end). */
export function trialEndsAt(row: Pick<Subscription, 'trialEndsAt' | 'trialStartedAt' | 'paidUntil'>): Date {
  return (
    row.trialEndsAt ??
    (row.trialStartedAt ? new Date(row.trialStartedAt.getTime() + TRIAL_DAYS * DAY_MS) : row.paidUntil)
  );
}

/** The stored facts the state machine reads. */
export function factsOf(row: Subscription): SubscriptionFacts {
  return {
    plan: row.plan,
    trialEndsAt: trialEndsAt(row),
    currentPeriodStart: row.currentPeriodStart,
    paidUntil: row.paidUntil,
    cancelledAt: row.cancelledAt,
    stripeStatus: row.stripeStatus,
    paidStartsAt: row.paidStartsAt,
    pastDueSince: row.pastDueSince,
  };
}

/** The caller's subscription, by sub, else by e-mail (an account known by e-mail before its first sign-in). */
export async function findSubscription(prisma: PrismaClient, caller: VerifiedCaller): Promise<Subscription | null> {
  return (
    (await prisma.subscription.findUnique({ where: { sub: caller.sub } })) ??
    (await prisma.subscription.findUnique({ where: { email: caller.email } }))
  );
}

/** Creates the caller's trial unless a subscription exists; concurrent starts create one. */
export async function startTrial(
  prisma: PrismaClient,
  caller: VerifiedCaller,
  now: Date,
  language: string | null,
): Promise<{ subscription: Subscription; started: boolean }> {
  const existing = await findSubscription(prisma, caller);
  if (existing) return { subscription: await rememberLanguage(prisma, existing, language), started: false };
  try {
    const subscription = await prisma.subscription.create({
      data: { sub: caller.sub, email: caller.email, phase: 'TRIAL', language, ...newTrial(now) },
    });
    return { subscription, started: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findSubscription(prisma, caller);
    if (!winner) throw err;
    return { subscription: winner, started: false };
  }
}

/** Keeps the language of the account's last screen, for its reminder mails (written only when it changed). */
export async function rememberLanguage(
  prisma: PrismaClient,
  row: Subscription,
  language: string | null,
): Promise<Subscription> {
  if (!language || language === row.language) return row;
  return prisma.subscription.update({ where: { id: row.id }, data: { language } });
}

/** The access computed from the facts; the stored phase follows it (written only when it changed). */
export async function currentAccess(prisma: PrismaClient, subscription: Subscription, now: Date): Promise<Access> {
  const access = accessAt(factsOf(subscription), now);
  if (access.phase !== subscription.phase) {
    await prisma.subscription.update({ where: { id: subscription.id }, data: { phase: access.phase } });
  }
  return access;
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}
