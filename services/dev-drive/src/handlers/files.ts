import { createHash } from 'node:crypto';
import { compileQuery, QueryError } from '../domain/query.js';
import { DEFAULT_ORDER, OrderByError, parseOrderBy } from '../domain/order.js';
import { FILE, FILE_LIST, GENERATED_IDS } from '../domain/schemas.js';
import { errors } from '../http/errors.js';
import { readJsonBody, selectFields, sendJson, type RequestContext } from '../http/context.js';
import { FOLDER_MIME, newFileId, type FileRecord } from '../store/metadata.js';
import { GOOGLE_APPS_PREFIX } from '../service.js';
import type { Deps } from './deps.js';
import { sendContent } from './download.js';

export const FILE_DEFAULT_FIELDS = 'kind,id,name,mimeType';
const LIST_DEFAULT_FIELDS = 'kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)';
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

export function fileJson(
  ctx: RequestContext,
  deps: Deps,
  f: FileRecord,
  principal: Awaited<ReturnType<RequestContext['principal']>>,
): unknown {
  const owner = deps.service.meta.users.get(f.ownerSub)!;
  return selectFields(ctx, deps.views.file(f, principal, owner, ctx.origin), FILE, FILE_DEFAULT_FIELDS);
}

function refuseMediaOnMetadataPath(ctx: RequestContext): void {
  const t = ctx.query.get('uploadType');
  if (t === 'media' || t === 'multipart' || t === 'resumable') throw errors.uploadToWrongUrl();
}

export async function createFile(ctx: RequestContext, deps: Deps): Promise<void> {
  refuseMediaOnMetadataPath(ctx);
  const p = await ctx.principal();
  const body = await readJsonBody(ctx.body);
  const f = await deps.service.create(p, body);
  sendJson(ctx, 200, fileJson(ctx, deps, f, p));
}

export async function getFile(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const f = deps.service.get(p, ctx.params.fileId!);
  if (ctx.query.get('alt') === 'media') {
    if (f.mimeType === FOLDER_MIME || f.mimeType.startsWith(GOOGLE_APPS_PREFIX)) throw errors.notDownloadable();
    await sendContent(ctx, deps.service.blobs, f, false, deps.bytesServed);
    return;
  }
  sendJson(ctx, 200, fileJson(ctx, deps, f, p));
}

export async function updateFile(ctx: RequestContext, deps: Deps): Promise<void> {
  refuseMediaOnMetadataPath(ctx);
  const p = await ctx.principal();
  const body = await readJsonBody(ctx.body);
  const f = await deps.service.update(p, ctx.params.fileId!, body, {
    addParents: ctx.query.get('addParents'),
    removeParents: ctx.query.get('removeParents'),
  });
  sendJson(ctx, 200, fileJson(ctx, deps, f, p));
}

export async function deleteFile(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  await deps.service.delete(p, ctx.params.fileId!);
  ctx.res.writeHead(204).end();
}

export async function emptyTrash(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  await deps.service.emptyTrash(p);
  ctx.res.writeHead(204).end();
}

export async function generateIds(ctx: RequestContext): Promise<void> {
  await ctx.principal();
  const count = Number(ctx.query.get('count') ?? '10');
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw errors.invalidParam('count');
  const ids = Array.from({ length: count }, () => newFileId());
  sendJson(
    ctx,
    200,
    selectFields(ctx, { kind: 'drive#generatedIds', space: 'drive', ids }, GENERATED_IDS, 'kind,space,ids'),
  );
}

interface PageToken {
  o: number;
  h: string;
}

export async function listFiles(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const user = deps.service.user(p);
  const q = ctx.query.get('q') ?? '';
  const orderBy = ctx.query.get('orderBy') ?? DEFAULT_ORDER;
  const spaces = ctx.query.get('spaces') ?? 'drive';

  let pageSize = DEFAULT_PAGE_SIZE;
  const rawSize = ctx.query.get('pageSize');
  if (rawSize !== null) {
    pageSize = Number(rawSize);
    if (!Number.isInteger(pageSize) || pageSize < 1)
      throw errors.invalidParam('pageSize', `Invalid value '${rawSize}'. Values must be within the range: [1, 1000]`);
    pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
  }

  let predicate: ((t: ReturnType<typeof deps.service.queryTarget>) => boolean) | undefined;
  if (q.trim()) {
    try {
      predicate = compileQuery(q);
    } catch (e) {
      if (e instanceof QueryError) throw errors.invalidParam('q');
      throw e;
    }
  }
  let compare: ReturnType<typeof parseOrderBy>;
  try {
    compare = parseOrderBy(orderBy);
  } catch (e) {
    if (e instanceof OrderByError) throw errors.invalidParam('orderBy', `Invalid Value`);
    throw e;
  }
  const queryHash = createHash('sha256')
    .update(`${p.sub}|${p.appId}|${q}|${orderBy}|${spaces}`)
    .digest('base64url')
    .slice(0, 12);
  let offset = 0;
  const token = ctx.query.get('pageToken');
  if (token) {
    try {
      const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PageToken;
      if (parsed.h !== queryHash || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error('mismatch');
      offset = parsed.o;
    } catch {
      throw errors.invalidParam('pageToken');
    }
  }

  // Only My Drive exists here; appDataFolder and other spaces are empty.
  const inDrive = spaces
    .split(',')
    .map((s) => s.trim())
    .includes('drive');
  const matches = inDrive
    ? [...deps.service.meta.files.values()].filter(
        (f) =>
          !f.isRoot && deps.service.visible(f, p) && (!predicate || predicate(deps.service.queryTarget(f, p, user))),
      )
    : [];
  matches.sort((a, b) => compare(deps.service.sortable(a), deps.service.sortable(b)));
  const page = matches.slice(offset, offset + pageSize);
  const result: Record<string, unknown> = {
    kind: 'drive#fileList',
    incompleteSearch: false,
    files: page.map((f) => deps.views.file(f, p, user, ctx.origin)),
  };
  if (offset + pageSize < matches.length) {
    result.nextPageToken = Buffer.from(
      JSON.stringify({ o: offset + pageSize, h: queryHash } satisfies PageToken),
    ).toString('base64url');
  }
  sendJson(ctx, 200, selectFields(ctx, result, FILE_LIST, LIST_DEFAULT_FIELDS));
}
