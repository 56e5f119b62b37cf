import { createHash } from 'node:crypto';
import { PERMISSION, PERMISSION_LIST } from '../domain/schemas.js';
import { DriveError, errors } from '../http/errors.js';
import { readJsonBody, selectFields, sendJson, type RequestContext } from '../http/context.js';
import type { PermissionRecord } from '../store/metadata.js';
import type { Deps } from './deps.js';

const DEFAULT_FIELDS = 'kind,id,type,role,allowFileDiscovery';
const TYPES = new Set(['user', 'group', 'domain', 'anyone']);
const ROLES = new Set(['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader']);

function permissionIdFor(type: string, who: string, discoverable: boolean): string {
  if (type === 'anyone') return discoverable ? 'anyone' : 'anyoneWithLink';
  return [...createHash('sha256').update(`${type}:${who.toLowerCase()}`).digest()]
    .slice(0, 20)
    .map((b) => b % 10)
    .join('');
}

export async function createPermission(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const f = deps.service.get(p, ctx.params.fileId!);
  const body = (await readJsonBody(ctx.body)) as Record<string, unknown>;
  const type = body.type;
  const role = body.role;
  if (typeof type !== 'string' || !TYPES.has(type))
    throw new DriveError(400, 'required', 'Permission type field required', {
      location: 'permission.type',
      locationType: 'other',
    });
  if (typeof role !== 'string' || !ROLES.has(role))
    throw new DriveError(400, 'required', 'Permission role field required', {
      location: 'permission.role',
      locationType: 'other',
    });
  if (role === 'owner') throw new DriveError(403, 'forbidden', 'Ownership transfer is not supported by this server.');
  const email = typeof body.emailAddress === 'string' ? body.emailAddress : undefined;
  const domain = typeof body.domain === 'string' ? body.domain : undefined;
  if ((type === 'user' || type === 'group') && !email) {
    throw new DriveError(
      400,
      'invalidSharingRequest',
      'Bad Request. User message: "You must specify an email address."',
    );
  }
  if (type === 'domain' && !domain)
    throw new DriveError(400, 'invalidSharingRequest', 'Bad Request. User message: "You must specify a domain."');
  const discoverable = body.allowFileDiscovery === true;
  const perm: PermissionRecord = {
    id: permissionIdFor(type, email ?? domain ?? '', discoverable),
    type: type as PermissionRecord['type'],
    role: role as PermissionRecord['role'],
    emailAddress: email,
    domain,
    allowFileDiscovery: type === 'anyone' || type === 'domain' ? discoverable : undefined,
  };
  if (type === 'anyone') f.permissions = f.permissions.filter((x) => x.type !== 'anyone');
  deps.service.addPermission(f, perm);
  sendJson(ctx, 200, selectFields(ctx, deps.views.permission(perm), PERMISSION, DEFAULT_FIELDS));
}

export async function listPermissions(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const f = deps.service.get(p, ctx.params.fileId!);
  const owner = deps.service.meta.users.get(f.ownerSub)!;
  const list = {
    kind: 'drive#permissionList',
    permissions: [deps.views.ownerPermission(owner), ...f.permissions.map((x) => deps.views.permission(x))],
  };
  sendJson(ctx, 200, selectFields(ctx, list, PERMISSION_LIST, `kind,nextPageToken,permissions(${DEFAULT_FIELDS})`));
}

export async function getPermission(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const f = deps.service.get(p, ctx.params.fileId!);
  const owner = deps.service.meta.users.get(f.ownerSub)!;
  const id = ctx.params.permissionId!;
  const found = id === owner.permissionId ? deps.views.ownerPermission(owner) : f.permissions.find((x) => x.id === id);
  if (!found) throw errors.permissionNotFound(id);
  const view = 'kind' in found ? found : deps.views.permission(found as PermissionRecord);
  sendJson(ctx, 200, selectFields(ctx, view, PERMISSION, DEFAULT_FIELDS));
}

export async function deletePermission(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const f = deps.service.get(p, ctx.params.fileId!);
  const owner = deps.service.meta.users.get(f.ownerSub)!;
  const id = ctx.params.permissionId!;
  if (id === owner.permissionId)
    throw new DriveError(403, 'cannotRemoveOwner', 'The owner of a file cannot be removed.');
  const before = f.permissions.length;
  f.permissions = f.permissions.filter((x) => x.id !== id);
  if (f.permissions.length === before) throw errors.permissionNotFound(id);
  deps.service.meta.changed();
  ctx.res.writeHead(204).end();
}
