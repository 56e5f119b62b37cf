import * as grpc from '@grpc/grpc-js';
import type { LinkServiceServer } from '@ferry/contracts/link/v1';
import { grpcError, unary } from '@ferry/service-kit';
import { isSlug } from '@ferry/rules';
import type { HandlerDeps } from '../handlers/deps.js';
import { filesOf, transferOf } from '../handlers/link-files.js';
import { requireCaller, requireOwner } from '../handlers/link-message.js';

/** An IANA zone name as browsers report it (Intl); PostgreSQL knows the same names. */
export function timeZoneArg(value: string): string {
  const valid = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value) && isKnownZone(value);
  if (!valid)
    throw grpcError(grpc.status.INVALID_ARGUMENT, 'time_zone must be an IANA time zone such as Europe/Amsterdam');
  return value;
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Downloads per day of one link, for its owner. */
export function statsHandlers(deps: HandlerDeps): Pick<LinkServiceServer, 'getLinkStats'> {
  const { prisma, logger } = deps;
  return {
    getLinkStats: unary(logger, async (req, call) => {
      const caller = requireCaller(call);
      if (!isSlug(req.slug)) throw grpcError(grpc.status.INVALID_ARGUMENT, 'not a valid slug');
      const zone = timeZoneArg(req.timeZone);
      const row = requireOwner(await prisma.link.findUnique({ where: { slug: req.slug } }), caller);
      const days = await prisma.$queryRaw<Array<{ date: string; downloads: string }>>`
        SELECT to_char(bucket_start AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS date, sum(downloads)::text AS downloads
        FROM link_download_buckets WHERE link_id = ${row.id}::uuid
        GROUP BY 1 ORDER BY 1`;
      const files = await filesOf(prisma, [row]);
      return {
        transfer: transferOf(row, files.get(row.id)),
        total: row.downloadCount.toString(),
        days,
        firstDownloadedAt: row.firstDownloadedAt ?? undefined,
        lastDownloadedAt: row.lastDownloadedAt ?? undefined,
      };
    }),
  };
}
