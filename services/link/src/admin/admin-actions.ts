import * as grpc from '@grpc/grpc-js';
import type { AuditEntry, LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary, verifiedUser } from '@ferry/service-kit';
import { adminReasonProblem, isMailAddress, isSlug, scopedCode } from '@ferry/rules';
import type { AdminAction } from '../generated/prisma/client.js';
import { accountKey } from '../domain/standing.js';
import type { HandlerDeps } from '../handlers/deps.js';
import { toLinkMessage } from '../handlers/link-message.js';

/** What the audit log records; the administrators' screen translates these keys. */
export type AdminActionKind = 'disable_link' | 'restore_link' | 'suspend_account' | 'restore_account';

const DEFAULT_AUDIT = 100;
const MAX_AUDIT = 500;

const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);
const conflict = (message: string, code: string) => grpcError(grpc.status.FAILED_PRECONDITION, message, code);

function reasonArg(reason: string): string {
  const problem = adminReasonProblem(reason);
  if (problem === 'empty') throw invalid('a reason is required');
  if (problem === 'too-long') throw invalid('the reason is too long');
  if (problem) throw invalid('the reason must be one line of text');
  return reason.trim();
}

function emailArg(email: string): string {
  if (!isMailAddress(email.trim())) throw invalid('email is not a valid address');
  return accountKey(email);
}

function slugArg(slug: string): string {
  if (!isSlug(slug)) throw invalid('slug is not a link slug');
  return slug;
}

function toAuditEntry(row: AdminAction): AuditEntry {
  return {
    id: row.id.toString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    reason: row.reason,
    createdAt: row.createdAt,
  };
}

/**
 * The administrators' actions (GATEWAY_FOR_ADMIN: the gateway verified the caller as one). Each
 * change and its audit entry are written in one transaction; every affected link (and its token
 * codes) is then invalidated in the gateways' caches, so its page and redirect answer 410 at once.
 */
export function adminHandlers(
  deps: HandlerDeps,
): Pick<
  LinkServiceServer,
  'disableLink' | 'restoreLink' | 'suspendAccount' | 'restoreAccount' | 'listSuspensions' | 'listAuditLog'
> {
  const { prisma, logger, now } = deps;

  const audit = (actor: string, action: AdminActionKind, target: string, reason: string, at: Date) =>
    prisma.adminAction.create({ data: { actor, action, target, reason, createdAt: at } });

  async function invalidate(linkIds: string[], slugs: string[]): Promise<void> {
    for (const slug of slugs) deps.invalidations.publish(slug);
    if (linkIds.length === 0) return;
    const codes = await prisma.shortCode.findMany({
      where: { linkId: { in: linkIds } },
      select: { subdomain: true, code: true },
    });
    for (const c of codes) deps.invalidations.publish(scopedCode(c.subdomain, c.code));
  }

  async function setDisabled(
    call: object,
    req: { slug: string; reason: string },
    disable: boolean,
  ): Promise<{ link: ReturnType<typeof toLinkMessage> }> {
    const actor = verifiedUser(call).email;
    const slug = slugArg(req.slug);
    const reason = reasonArg(req.reason);
    const at = now();
    const row = await prisma.link.findUnique({ where: { slug } });
    if (!row) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
    if (disable && row.disabledAt) throw conflict('the link is already disabled', 'already_disabled');
    if (!disable && !row.disabledAt) throw conflict('the link is not disabled', 'not_disabled');
    const [updated] = await prisma.$transaction([
      // The sweeper then revokes the file's public access, or gives it back while the link is live.
      prisma.link.update({ where: { id: row.id }, data: { disabledAt: disable ? at : null, accessDueAt: at } }),
      audit(actor, disable ? 'disable_link' : 'restore_link', slug, reason, at),
    ]);
    await invalidate([row.id], [slug]);
    deps.onLinkAccessChanged?.();
    logger.info({ slug, actor, disabled: disable }, disable ? 'link disabled' : 'link restored');
    return { link: toLinkMessage(updated, at) };
  }

  return {
    disableLink: unary(logger, (req, call) => setDisabled(call, req, true)),
    restoreLink: unary(logger, (req, call) => setDisabled(call, req, false)),

    suspendAccount: unary(logger, async (req, call) => {
      const actor = verifiedUser(call).email;
      const email = emailArg(req.email);
      const reason = reasonArg(req.reason);
      const at = now();
      const owned = { ownerEmail: { equals: email, mode: 'insensitive' as const } };
      const result = await prisma.$transaction(async (tx) => {
        if (await tx.accountSuspension.findUnique({ where: { email } })) return undefined;
        const suspension = await tx.accountSuspension.create({
          data: { email, reason, suspendedBy: actor, suspendedAt: at },
        });
        const links = await tx.link.findMany({
          where: { ...owned, ownerSuspendedAt: null },
          select: { id: true, slug: true },
        });
        await tx.link.updateMany({
          where: { id: { in: links.map((l) => l.id) } },
          data: { ownerSuspendedAt: at, accessDueAt: at },
        });
        await tx.adminAction.create({
          data: { actor, action: 'suspend_account' satisfies AdminActionKind, target: email, reason, createdAt: at },
        });
        return { suspension, links };
      });
      if (!result) throw conflict('the account is already suspended', 'already_suspended');
      await invalidate(
        result.links.map((l) => l.id),
        result.links.map((l) => l.slug),
      );
      deps.onLinkAccessChanged?.();
      logger.info({ actor, links: result.links.length }, 'account suspended');
      return { suspension: result.suspension, linksBlocked: String(result.links.length) };
    }),

    restoreAccount: unary(logger, async (req, call) => {
      const actor = verifiedUser(call).email;
      const email = emailArg(req.email);
      const reason = reasonArg(req.reason);
      const at = now();
      const result = await prisma.$transaction(async (tx) => {
        const removed = await tx.accountSuspension.deleteMany({ where: { email } });
        if (removed.count === 0) return undefined;
        const links = await tx.link.findMany({
          where: { ownerEmail: { equals: email, mode: 'insensitive' }, ownerSuspendedAt: { not: null } },
          select: { id: true, slug: true, disabledAt: true },
        });
        await tx.link.updateMany({
          where: { id: { in: links.map((l) => l.id) } },
          data: { ownerSuspendedAt: null, accessDueAt: at },
        });
        await tx.adminAction.create({
          data: { actor, action: 'restore_account' satisfies AdminActionKind, target: email, reason, createdAt: at },
        });
        return links;
      });
      if (!result) throw conflict('the account is not suspended', 'not_suspended');
      await invalidate(
        result.map((l) => l.id),
        result.map((l) => l.slug),
      );
      deps.onLinkAccessChanged?.();
      logger.info({ actor, links: result.length }, 'account restored');
      return { linksRestored: String(result.filter((l) => l.disabledAt === null).length) };
    }),

    listSuspensions: unary(logger, async () => {
      const rows = await prisma.accountSuspension.findMany({ orderBy: { suspendedAt: 'desc' }, take: 500 });
      return { suspensions: rows };
    }),

    listAuditLog: unary(logger, async (req) => {
      const take = req.limit <= 0 ? DEFAULT_AUDIT : Math.min(req.limit, MAX_AUDIT);
      const rows = await prisma.adminAction.findMany({ orderBy: { id: 'desc' }, take });
      return { entries: rows.map(toAuditEntry) };
    }),
  };
}
