import * as grpc from '@grpc/grpc-js';
import type { AbuseReport as AbuseReportMessage, LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { abuseDetailsProblem, isAbuseReason, isMailAddress, isSlug, normalizeAddress } from '@ferry/rules';
import type { AbuseReport, Link } from '../generated/prisma/client.js';
import { accountKey } from '../domain/standing.js';
import type { HandlerDeps } from '../handlers/deps.js';
import { requireCaller, toLinkMessage } from '../handlers/link-message.js';

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
const DEFAULT_LIST = 50;
const MAX_LIST = 200;

const invalid = (message: string) => grpcError(grpc.status.INVALID_ARGUMENT, message);

export function toReportMessage(
  row: AbuseReport,
  link: Link | undefined,
  suspended: ReadonlySet<string>,
  now: Date,
): AbuseReportMessage {
  return {
    id: row.id,
    slug: row.slug,
    reason: row.reason,
    details: row.details,
    replyTo: row.replyTo,
    createdAt: row.createdAt,
    link: link ? toLinkMessage(link, now) : undefined,
    ownerSuspended: link ? suspended.has(accountKey(link.ownerEmail)) : false,
    linkDisabled: link ? link.disabledAt !== null : false,
  };
}

/**
 * Visitors' reports (the gateway applied its rate limits) and a user's own standing. Reports are kept
 * for the administrators' screen; a report of a slug that never existed is NOT_FOUND (nothing stored).
 */
export function abuseReportHandlers(
  deps: HandlerDeps,
): Pick<LinkServiceServer, 'reportAbuse' | 'getAccountStanding' | 'listAbuseReports'> {
  const { prisma, logger, now } = deps;
  return {
    reportAbuse: unary(logger, async (req) => {
      if (!isSlug(req.slug)) throw invalid('slug is not a link slug');
      if (!isAbuseReason(req.reason)) throw invalid('reason is not one of the report reasons');
      const problem = abuseDetailsProblem(req.details);
      if (problem)
        throw invalid(problem === 'too-long' ? 'details are too long' : 'details contain control characters');
      const replyTo = req.replyTo.trim();
      if (replyTo !== '' && !isMailAddress(replyTo)) throw invalid('reply_to is not a valid address');
      if (!REQUEST_ID.test(req.requestId))
        throw invalid('request_id must be 8 to 64 characters of A-Z, a-z, 0-9, _ or -');
      const link = await prisma.link.findUnique({ where: { slug: req.slug } });
      if (!link) throw grpcError(grpc.status.NOT_FOUND, 'link not found');
      const existing = await prisma.abuseReport.findUnique({ where: { requestId: req.requestId } });
      const row =
        existing ??
        (await prisma.abuseReport.create({
          data: {
            requestId: req.requestId,
            slug: req.slug,
            reason: req.reason,
            details: req.details.trim(),
            replyTo: replyTo === '' ? '' : normalizeAddress(replyTo),
          },
        }));
      const suspended = await prisma.accountSuspension.findUnique({ where: { email: accountKey(link.ownerEmail) } });
      logger.info({ slug: req.slug, reason: req.reason, accepted: !existing }, 'abuse report stored');
      return {
        report: toReportMessage(row, link, new Set(suspended ? [suspended.email] : []), now()),
        accepted: !existing,
      };
    }),

    getAccountStanding: unary(logger, async (_req, call) => {
      const caller = requireCaller(call);
      const row = await prisma.accountSuspension.findUnique({ where: { email: accountKey(caller.email) } });
      return row
        ? { suspended: true, reason: row.reason, suspendedAt: row.suspendedAt }
        : { suspended: false, reason: '' };
    }),

    listAbuseReports: unary(logger, async (req) => {
      const take = req.limit <= 0 ? DEFAULT_LIST : Math.min(req.limit, MAX_LIST);
      const rows = await prisma.abuseReport.findMany({ orderBy: { createdAt: 'desc' }, take });
      const links = await prisma.link.findMany({ where: { slug: { in: [...new Set(rows.map((r) => r.slug))] } } });
      const bySlug = new Map(links.map((l) => [l.slug, l]));
      const owners = [...new Set(links.map((l) => accountKey(l.ownerEmail)))];
      const suspended = new Set(
        (await prisma.accountSuspension.findMany({ where: { email: { in: owners } }, select: { email: true } })).map(
          (s) => s.email,
        ),
      );
      const at = now();
      return { reports: rows.map((r) => toReportMessage(r, bySlug.get(r.slug), suspended, at)) };
    }),
  };
}
