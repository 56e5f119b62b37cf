import { z } from 'zod';
import { FaultSpecSchema } from '../faults.js';
import { DriveError, errors } from '../http/errors.js';
import { readJsonBody, sendJson, type RequestContext } from '../http/context.js';
import type { Deps } from './deps.js';

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw errors.badRequest(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data;
}

/** POST /__admin/faults: one spec or an array. GET lists the pending ones, DELETE clears them. */
export async function faults(ctx: RequestContext, deps: Deps): Promise<void> {
  if (ctx.req.method === 'GET') return sendJson(ctx, 200, { faults: deps.faults.list() });
  if (ctx.req.method === 'DELETE') {
    deps.faults.clear();
    ctx.res.writeHead(204).end();
    return;
  }
  const body = await readJsonBody(ctx.body);
  const specs = parse(z.union([FaultSpecSchema, z.array(FaultSpecSchema)]), body);
  const ids = (Array.isArray(specs) ? specs : [specs]).map((s) => deps.faults.add(s).id);
  sendJson(ctx, 200, { ids });
}

const QuotaSchema = z.object({ email: z.string().min(1), limitBytes: z.number().int().min(0).nullable() });

/** POST /__admin/quota {email, limitBytes|null}: per-user quota override (null = unlimited). */
export async function quota(ctx: RequestContext, deps: Deps): Promise<void> {
  const { email, limitBytes } = parse(QuotaSchema, await readJsonBody(ctx.body));
  const user = [...deps.service.meta.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user)
    throw new DriveError(404, 'notFound', `No Drive user ${email} yet (a user appears on its first API call).`);
  user.quotaLimit = limitBytes;
  deps.service.meta.changed();
  sendJson(ctx, 200, { email: user.email, limitBytes });
}

const ExpireSchema = z.object({ uploadId: z.string().min(1), ageMs: z.number().int().min(0) });

/** POST /__admin/uploads/age {uploadId, ageMs}: backdate a resumable session (to test expiry). */
export async function ageUpload(ctx: RequestContext, deps: Deps): Promise<void> {
  const { uploadId, ageMs } = parse(ExpireSchema, await readJsonBody(ctx.body));
  if (!deps.sessions.backdate(uploadId, ageMs)) throw errors.uploadNotFound();
  sendJson(ctx, 200, { uploadId, ageMs });
}

/**
 * GET /__admin/bytes-served: content bytes sent per file id (alt=media and public downloads, ranges
 * included) since start or the last DELETE, which resets the counts.
 */
export async function bytesServed(ctx: RequestContext, deps: Deps): Promise<void> {
  if (ctx.req.method === 'DELETE') {
    deps.bytesServed.clear();
    ctx.res.writeHead(204).end();
    return;
  }
  sendJson(ctx, 200, { files: Object.fromEntries(deps.bytesServed) });
}

export async function memory(ctx: RequestContext): Promise<void> {
  sendJson(ctx, 200, process.memoryUsage());
}
