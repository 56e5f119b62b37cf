import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Principal } from '../auth.js';
import { DriveError, errors } from '../http/errors.js';
import { readJsonBody, sendJson, type RequestContext } from '../http/context.js';
import { boundaryOf, multipartEvents } from '../http/multipart.js';
import { md5OfFile, type ContentInput } from '../service.js';
import { FileSink } from '../store/file-sink.js';
import type { LiveSession, SessionRecord } from '../store/sessions.js';
import type { Deps } from './deps.js';
import { fileJson } from './files.js';

/** `POST /upload/drive/v3/files` and `PATCH|PUT /upload/drive/v3/files/{id}`: dispatch on uploadType. */
export async function uploadEntry(ctx: RequestContext, deps: Deps): Promise<void> {
  if (ctx.query.has('upload_id')) {
    await resumableChunk(ctx, deps);
    return;
  }
  // Without a session id: POST creates, PATCH (or PUT) updates a file's content; nothing else.
  const method = ctx.req.method;
  if (ctx.params.fileId ? method !== 'PATCH' && method !== 'PUT' : method !== 'POST') throw errors.methodNotAllowed();
  const type = ctx.query.get('uploadType') ?? (boundaryOf(ctx.req.headers['content-type']) ? 'multipart' : 'media');
  switch (type) {
    case 'resumable':
      return initiateResumable(ctx, deps);
    case 'multipart':
      return multipartUpload(ctx, deps);
    case 'media':
      return mediaUpload(ctx, deps);
    default:
      throw errors.invalidParam('uploadType', `Invalid upload type: ${type}`);
  }
}

function usableBytes(deps: Deps, p: Principal): number {
  const user = deps.service.user(p);
  const limit = deps.service.quotaLimit(user);
  return limit === null ? Number.POSITIVE_INFINITY : limit - deps.service.meta.usage(user.sub).total;
}

async function finishUpload(
  ctx: RequestContext,
  deps: Deps,
  p: Principal,
  metadata: unknown,
  content: ContentInput,
  contentType: string,
  status: number,
): Promise<void> {
  const fileId = ctx.params.fileId;
  const f = fileId
    ? await deps.service.update(
        p,
        fileId,
        metadata,
        { addParents: ctx.query.get('addParents'), removeParents: ctx.query.get('removeParents') },
        content,
        contentType,
      )
    : await deps.service.create(p, metadata, content, contentType);
  sendJson(ctx, status, fileJson(ctx, deps, f, p));
}

/** Streams a body into a temp file, enforcing the caller's remaining quota on the way. */
async function receiveToTemp(deps: Deps, p: Principal, source: AsyncIterable<Buffer>): Promise<ContentInput> {
  const path = deps.service.blobs.tempPath();
  const hash = createHash('md5');
  const sink = new FileSink(path, { flags: 'w' }, hash);
  const room = usableBytes(deps, p);
  try {
    for await (const chunk of source) {
      if (sink.bytes + chunk.length > room) throw errors.quotaExceeded();
      await sink.write(chunk);
    }
    await sink.end();
  } catch (e) {
    await sink.discard();
    await rm(path, { force: true });
    throw e;
  }
  return { path, size: sink.bytes, md5: hash.digest('hex') };
}

async function mediaUpload(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const contentType = ctx.req.headers['content-type']?.split(';')[0]?.trim() || 'application/octet-stream';
  if (ctx.params.fileId) deps.service.get(p, ctx.params.fileId);
  const content = await receiveToTemp(deps, p, ctx.body);
  await finishUpload(ctx, deps, p, {}, content, contentType, 200).catch(async (e: unknown) => {
    await rm(content.path, { force: true });
    throw e;
  });
}

async function multipartUpload(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const boundary = boundaryOf(ctx.req.headers['content-type']);
  if (!boundary)
    throw errors.badRequest(
      "Bad content type. Please use multipart/related with a boundary for uploadType 'multipart'.",
    );
  if (ctx.params.fileId) deps.service.get(p, ctx.params.fileId);

  let index = -1;
  const metaChunks: Buffer[] = [];
  let metaSize = 0;
  let mediaType = 'application/octet-stream';
  let content: ContentInput | undefined;
  let mediaPath: string | undefined;
  let sink: FileSink | undefined;
  const hash = createHash('md5');
  const room = usableBytes(deps, p);
  try {
    for await (const ev of multipartEvents(ctx.body, boundary)) {
      if (ev.type === 'part') {
        index++;
        if (index > 1) throw errors.badRequest('Multipart upload must have exactly two parts: metadata and media.');
        if (index === 1) {
          mediaType = ev.headers['content-type']?.split(';')[0]?.trim() || mediaType;
          mediaPath = deps.service.blobs.tempPath();
          sink = new FileSink(mediaPath, { flags: 'w' }, hash);
        }
      } else if (ev.type === 'data') {
        if (index === 0) {
          metaSize += ev.chunk.length;
          if (metaSize > 1024 * 1024) throw errors.badRequest('Metadata part too large.');
          metaChunks.push(Buffer.from(ev.chunk));
        } else {
          if (sink!.bytes + ev.chunk.length > room) throw errors.quotaExceeded();
          await sink!.write(ev.chunk);
        }
      } else if (index === 1) {
        await sink!.end();
        content = { path: mediaPath!, size: sink!.bytes, md5: hash.digest('hex') };
      }
    }
    if (!content) throw errors.badRequest('Multipart upload must have exactly two parts: metadata and media.');
  } catch (e) {
    await sink?.discard();
    if (mediaPath) await rm(mediaPath, { force: true });
    throw e;
  }
  let metadata: unknown;
  try {
    const text = Buffer.concat(metaChunks).toString('utf8').trim();
    metadata = text ? JSON.parse(text) : {};
  } catch {
    await rm(content.path, { force: true });
    throw new DriveError(400, 'parseError', 'Parse Error');
  }
  await finishUpload(ctx, deps, p, metadata, content, mediaType, 200).catch(async (e: unknown) => {
    await rm(content.path, { force: true });
    throw e;
  });
}

function headerNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw errors.badRequest(`Invalid ${name} header: ${value}`);
  return Number(value);
}

async function initiateResumable(ctx: RequestContext, deps: Deps): Promise<void> {
  const p = await ctx.principal();
  const metadata = await readJsonBody(ctx.body);
  const fileId = ctx.params.fileId;
  if (fileId) deps.service.get(p, fileId);
  else deps.service.parseCreateInput(metadata);
  const declaredLength = headerNumber(
    ctx.req.headers['x-upload-content-length'] as string | undefined,
    'X-Upload-Content-Length',
  );
  const meta = metadata as { mimeType?: unknown };
  const contentType =
    (ctx.req.headers['x-upload-content-type'] as string | undefined) ??
    (typeof meta.mimeType === 'string' ? meta.mimeType : 'application/octet-stream');
  if (declaredLength !== undefined) deps.service.checkQuota(p, declaredLength);

  const id = `AUpload${randomBytes(24).toString('base64url')}`;
  const rec: SessionRecord = {
    id,
    createdAt: Date.now(),
    principal: p,
    kind: fileId ? 'update' : 'create',
    fileId,
    metadata,
    contentType,
    declaredLength,
    total: declaredLength,
  };
  await deps.sessions.create(rec);
  const query = new URLSearchParams(ctx.query);
  query.set('uploadType', 'resumable');
  query.delete('access_token');
  query.set('upload_id', id);
  const location = `${ctx.origin}${ctx.url.pathname}?${query.toString()}`;
  deps.log.debug({ uploadId: id, declaredLength }, 'resumable session created');
  ctx.res.writeHead(200, { location, 'x-guploader-uploadid': id, 'content-length': 0 }).end();
}

type ContentRange =
  | { kind: 'query'; total?: number }
  | { kind: 'chunk'; first: number; last: number; total?: number }
  | { kind: 'whole' };

/** `bytes A-B/T`, `bytes A-B/*`, `bytes *\/T`, `bytes *\/*`; absent = the whole file in this request. */
export function parseContentRange(header: string | undefined): ContentRange {
  if (header === undefined) return { kind: 'whole' };
  const m = /^bytes\s+(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!m) throw errors.badRequest(`Failed to parse Content-Range header: ${header}`);
  const total = m[3] === '*' ? undefined : Number(m[3]);
  if (m[1] === undefined) return { kind: 'query', total };
  const first = Number(m[1]);
  const last = Number(m[2]);
  if (last < first) throw errors.badRequest(`Failed to parse Content-Range header: ${header}`);
  if (total !== undefined && last >= total)
    throw errors.badRequest(`Content-Range ${header} is past the end of the file.`);
  return { kind: 'chunk', first, last, total };
}

function settleTotal(s: LiveSession, total: number | undefined): void {
  if (total === undefined) return;
  if (s.rec.total !== undefined && s.rec.total !== total) {
    throw errors.badRequest(`The total size ${total} does not match the size stated before (${s.rec.total}).`);
  }
  if (total < s.received)
    throw errors.badRequest(`The total size ${total} is smaller than the ${s.received} bytes already uploaded.`);
  s.rec.total = total;
}

function send308(ctx: RequestContext, s: LiveSession): void {
  const headers: Record<string, string | number> = { 'content-length': 0, 'x-guploader-uploadid': s.rec.id };
  // No Range header at all while nothing is persisted; never a Location (fetch would follow it).
  if (s.received > 0) headers.range = `bytes=0-${s.received - 1}`;
  ctx.res.writeHead(308, headers).end();
}

async function drain(ctx: RequestContext): Promise<void> {
  for await (const _ of ctx.body) {
    // discard
  }
}

/** `PUT <session URI>`: a chunk, a status query, or the whole file. */
async function resumableChunk(ctx: RequestContext, deps: Deps): Promise<void> {
  const method = ctx.req.method;
  const s = deps.sessions.get(ctx.query.get('upload_id') ?? '');
  if (!s) throw errors.uploadNotFound();
  if (method === 'DELETE') {
    await deps.sessions.withLock(s, () => deps.sessions.remove(s.rec.id));
    ctx.res.writeHead(499, { 'content-length': 0 }).end();
    return;
  }
  if (method !== 'PUT' && method !== 'POST') throw errors.methodNotAllowed();
  await deps.sessions.withLock(s, async () => {
    if (!deps.sessions.get(s.rec.id)) throw errors.uploadNotFound();
    const p = s.rec.principal;
    if (s.rec.completedFileId) {
      await drain(ctx);
      const f = deps.service.meta.files.get(s.rec.completedFileId);
      if (!f) throw errors.uploadNotFound();
      sendJson(ctx, 200, fileJson(ctx, deps, f, p));
      return;
    }
    const range = parseContentRange(ctx.req.headers['content-range']);
    const contentLength = headerNumber(ctx.req.headers['content-length'], 'Content-Length');
    if (range.kind === 'query') {
      await drain(ctx);
      settleTotal(s, range.total);
    } else {
      const first = range.kind === 'chunk' ? range.first : 0;
      if (range.kind === 'chunk') {
        if (contentLength !== undefined && contentLength !== range.last - range.first + 1) {
          throw errors.badRequest(
            `Content-Length ${contentLength} does not match Content-Range ${ctx.req.headers['content-range']}.`,
          );
        }
        settleTotal(s, range.total);
      } else if (contentLength !== undefined) {
        settleTotal(s, contentLength);
      }
      if (first > s.received) {
        throw errors.badRequest(
          `Invalid request. According to the Content-Range header, the upload offset is ${first} byte(s), which exceeds already uploaded size of ${s.received} byte(s).`,
        );
      }
      await receiveChunk(ctx, deps, s, first, range.kind === 'chunk' ? range.last - range.first + 1 : undefined);
      if (range.kind === 'whole' && contentLength === undefined) s.rec.total = s.received;
    }
    if (s.rec.total !== undefined && s.received === s.rec.total) {
      await completeSession(ctx, deps, s);
      return;
    }
    send308(ctx, s);
  });
}

/**
 * Appends the body at the session's offset: bytes before it (a re-sent overlap) are skipped,
 * everything received is flushed to disk even when the connection breaks, so the next status
 * query reports it.
 */
async function receiveChunk(
  ctx: RequestContext,
  deps: Deps,
  s: LiveSession,
  first: number,
  length: number | undefined,
): Promise<void> {
  const offset = s.received;
  let skip = offset - first;
  const maxNew = length === undefined ? Number.POSITIVE_INFINITY : first + length - offset;
  const totalCap = s.rec.total === undefined ? Number.POSITIVE_INFINITY : s.rec.total - offset;
  const room = usableBytes(deps, s.rec.principal) - offset;
  if (!s.md5 || s.md5.upTo !== offset) s.md5 = offset === 0 ? { hash: createHash('md5'), upTo: 0 } : undefined;
  const sink = new FileSink(deps.sessions.partPath(s.rec.id), { flags: 'r+', start: offset }, s.md5?.hash);
  let failure: unknown;
  let seen = 0;
  try {
    for await (const raw of ctx.body) {
      let chunk = raw as Buffer;
      seen += chunk.length;
      if (length !== undefined && seen > length)
        throw errors.badRequest('The request body is longer than its Content-Range.');
      if (skip > 0) {
        if (chunk.length <= skip) {
          skip -= chunk.length;
          continue;
        }
        chunk = chunk.subarray(skip);
        skip = 0;
      }
      if (sink.bytes + chunk.length > Math.min(maxNew, totalCap))
        throw errors.badRequest('More bytes than the stated total size.');
      if (sink.bytes + chunk.length > room) throw errors.quotaExceeded();
      await sink.write(chunk);
    }
  } catch (e) {
    failure = e;
  }
  try {
    await sink.end();
  } catch (e) {
    failure ??= e;
    s.md5 = undefined;
  }
  s.received = offset + sink.bytes;
  if (s.md5) s.md5.upTo = s.received;
  if (failure) {
    if (failure instanceof DriveError) throw failure;
    // Connection cut: nothing to answer; the bytes that arrived are kept.
    deps.log.info({ uploadId: s.rec.id, received: s.received }, 'upload chunk interrupted');
    throw new ClientGone();
  }
}

export class ClientGone extends Error {}

async function completeSession(ctx: RequestContext, deps: Deps, s: LiveSession): Promise<void> {
  const path = deps.sessions.partPath(s.rec.id);
  const md5 = s.md5 && s.md5.upTo === s.received ? s.md5.hash.digest('hex') : await md5OfFile(path);
  s.md5 = undefined;
  const p = s.rec.principal;
  const content: ContentInput = { path, size: s.received, md5 };
  const f =
    s.rec.kind === 'update'
      ? await deps.service.update(p, s.rec.fileId!, s.rec.metadata, {}, content, s.rec.contentType)
      : await deps.service.create(p, s.rec.metadata, content, s.rec.contentType);
  s.rec.completedFileId = f.id;
  await deps.sessions.save(s.rec);
  sendJson(ctx, s.rec.kind === 'update' ? 200 : deps.resumableCreateStatus, fileJson(ctx, deps, f, p));
}
