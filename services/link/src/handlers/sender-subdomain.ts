import { numberedSubdomain, senderSubdomain } from '@ferry/rules';
import type { Caller } from '@ferry/contracts/link/v1';
import type { PrismaClient } from '../db.js';

/** The label of an account whose e-mail's local part leaves nothing usable. */
const FALLBACK_BASE = 'user';
/** alice … alice-1000; past that something is wrong (or someone is hoarding labels). */
const MAX_CANDIDATES = 1000;

/**
 * The caller's own subdomain. The first account (OIDC sub) to use a label owns it; a later account
 * with the same local part gets the next free one (alice-2, alice-3, …). Race-safe: the insert is
 * `ON CONFLICT DO NOTHING` on both unique keys (label, account), and whoever lost re-reads: its
 * own concurrent request may have won, or it moves on to the next label.
 */
export async function ownSubdomain(prisma: PrismaClient, caller: Caller): Promise<string> {
  const mine = await prisma.subdomainOwner.findUnique({ where: { ownerSub: caller.sub } });
  if (mine) return mine.subdomain;
  const base = senderSubdomain(caller.email) || FALLBACK_BASE;
  const taken = new Set(
    (
      await prisma.subdomainOwner.findMany({ where: { subdomain: { startsWith: base } }, select: { subdomain: true } })
    ).map((r) => r.subdomain),
  );
  for (let n = 1; n <= MAX_CANDIDATES; n++) {
    const candidate = numberedSubdomain(base, n);
    if (taken.has(candidate)) continue;
    const { count } = await prisma.subdomainOwner.createMany({
      data: [{ subdomain: candidate, ownerSub: caller.sub }],
      skipDuplicates: true,
    });
    if (count === 1) return candidate;
    const won = await prisma.subdomainOwner.findUnique({ where: { ownerSub: caller.sub } });
    if (won) return won.subdomain;
  }
  throw new Error(`no free subdomain for base "${base}"`);
}
