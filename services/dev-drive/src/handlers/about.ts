import { ABOUT } from '../domain/schemas.js';
import { requireFields, selectFields, sendJson, type RequestContext } from '../http/context.js';
import type { Deps } from './deps.js';

export async function getAbout(ctx: RequestContext, deps: Deps): Promise<void> {
  requireFields(ctx);
  const p = await ctx.principal();
  const user = deps.service.user(p);
  const usage = deps.service.meta.usage(user.sub);
  const limit = deps.service.quotaLimit(user);
  const storageQuota: Record<string, string> = {
    usage: String(usage.total),
    usageInDrive: String(usage.total),
    usageInDriveTrash: String(usage.trash),
  };
  // "This will not be present if the user has unlimited storage."
  if (limit !== null) storageQuota.limit = String(limit);
  const about = {
    kind: 'drive#about',
    user: deps.views.user(user),
    storageQuota,
    maxUploadSize: '5497558138880',
    appInstalled: false,
    canCreateDrives: false,
    importFormats: {},
    exportFormats: {},
    maxImportSizes: {},
    folderColorPalette: ['#ac725e', '#d06b64', '#f83a22', '#fa573c', '#ff7537', '#ffad46'],
  };
  sendJson(ctx, 200, selectFields(ctx, about, ABOUT, ''));
}
