import type { PrismaClient } from './db.js';
import type { Subscription } from './generated/prisma/client.js';
import { accessAt, newTrial, type Access } from './domain/access.js';
import type { VerifiedCaller } from './handlers/caller.js';

export type { Subscription } from './generated/prisma/client.js';

/** The caller's subscription, by sub, else by e-mail (an account known by e-mail before its first sign-in). */
export async function findSubscription(prisma: PrismaClient, caller: VerifiedCaller): Promise<Subscription | null> {
  return (
    (await prisma.subscription.findUnique({ where: { sub: caller.sub } })) ??
    (await prisma.subscription.findUnique({ where: { email: caller.email } }))
  );
}

/** Creates the caller's trial unless a subscription exists; concurrent starts create one. */
export async function startTrial(prisma: PrismaClient, caller: VerifiedCaller, now: Date): Promise<{ subscription: Subscription; started: boolean }> {
  const existing = await findSubscription(prisma, caller);
  if (existing) return { subscription: existing, started: false };
  try {
    const subscription = await prisma.subscription.create({
      data: { sub: caller.sub, email: caller.email, phase: 'TRIAL', ...newTrial(now) },
    });
    return { subscription, started: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findSubscription(prisma, caller);
    if (!winner) throw err;
    return { subscription: winner, started: false };
  }
}

/** The access computed from the dates; the stored phase follows it (written only when it changed). */
export async function currentAccess(prisma: PrismaClient, subscription: Subscription, now: Date): Promise<Access> {
  const access = accessAt(subscription, now);
  if (access.phase !== subscription.phase) {
    await prisma.subscription.update({ where: { id: subscription.id }, data: { phase: access.phase } });
  }
  return access;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}
