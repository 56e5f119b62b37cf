import { DriveError } from '../http/errors.js';
import type { RequestContext } from '../http/context.js';
import type { Deps } from './deps.js';
import { hasThumbnail } from '../thumbnails.js';

const gone = () => new DriveError(404, 'notFound', 'Thumbnail not found or its link expired.');

/**
 * `GET /thumbnails/<signed token>=s<edge>`: the PNG behind a `thumbnailLink`. As Google documents,
 * the link is short-lived, and for a file not shared publicly it must be fetched with a credentialed
 * request (a Bearer token of someone who can see the file).
 */
export async function getThumbnail(ctx: RequestContext, deps: Deps): Promise<void> {
  const link = deps.thumbnails.check(ctx.params.token ?? '');
  if (!link.ok) throw gone();
  const f = deps.service.meta.files.get(link.fileId);
  if (!f || f.trashed || f.version !== link.version || !hasThumbnail(f)) throw gone();
  if (!deps.service.isPublic(f)) deps.service.get(await ctx.principal(), f.id);
  let png: Buffer;
  try {
    png = await deps.thumbnails.render(f, deps.service.blobs.path(f.id), link.edge);
  } catch (err) {
    deps.log.info({ fileId: f.id, error: (err as Error).message }, 'no thumbnail: the image does not decode');
    throw gone();
  }
  ctx.res.writeHead(200, {
    'content-type': 'image/png',
    'content-length': png.byteLength,
    'cache-control': 'private, max-age=3600',
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : png);
}
