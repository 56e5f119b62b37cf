import { Router } from 'express';
import type { GetLinkStatsResponse } from '@ferry/contracts/link/v1';
import { LinkStatsQuery, type LinkStatsResponse } from '@ferry/http-contract';
import { unary } from '../grpc/call.js';
import { parseRequest } from '../http/validate.js';
import type { LinkAccessRouteDeps } from './link-access.js';
import { slugValue } from './request-rules.js';

/** GET /api/links/{slug}/stats: downloads per day of one of the caller's links (others' links: 404). */
export function linkStatsRoutes(deps: Pick<LinkAccessRouteDeps, 'link' | 'authenticate' | 'userCtx'>): Router {
  const router = Router();
  router.get('/links/:slug/stats', deps.authenticate, async (req, res) => {
    const slug = parseRequest(slugValue(), req.params.slug);
    const timeZone = parseRequest(LinkStatsQuery, req.query).tz ?? 'UTC';
    const stats = await unary<GetLinkStatsResponse>(
      (md, opts, cb) => deps.link.getLinkStats({ slug, timeZone }, md, opts, cb),
      deps.userCtx(req),
    );
    res.set('Cache-Control', 'private, no-store');
    res.json({
      slug,
      timeZone,
      total: Number(stats.total),
      days: stats.days.map((d) => ({ date: d.date, downloads: Number(d.downloads) })),
      firstDownloadedAt: stats.firstDownloadedAt?.toISOString() ?? null,
      lastDownloadedAt: stats.lastDownloadedAt?.toISOString() ?? null,
      ...(stats.transfer
        ? {
            files: stats.transfer.files.map((f) => ({
              index: f.index,
              name: f.name,
              size: Number(f.sizeBytes),
              downloads: Number(f.downloadCount),
            })),
          }
        : {}),
    } satisfies LinkStatsResponse);
  });
  return router;
}
