import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../http/context.js';
import { FOLDER_MIME, type FileRecord } from '../store/metadata.js';
import type { Deps } from './deps.js';
import { sendContent } from './download.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlPage(ctx: RequestContext, status: number, title: string, body: string): void {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
  ctx.res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  ctx.res.end(html);
}

function sharedFile(ctx: RequestContext, deps: Deps, id: string | null): FileRecord | undefined {
  if (!id) {
    htmlPage(ctx, 400, 'Bad Request', '<p>Missing file id.</p>');
    return undefined;
  }
  const f = deps.service.meta.files.get(id);
  if (!f || f.trashed) {
    htmlPage(ctx, 404, 'Google Drive - File not found', '<p>Sorry, the file you have requested does not exist.</p>');
    return undefined;
  }
  if (!deps.service.isPublic(f) || f.mimeType === FOLDER_MIME) {
    htmlPage(
      ctx,
      403,
      'Google Drive - Access Denied',
      '<p>You need access. Ask for access, or switch to an account with access.</p>',
    );
    return undefined;
  }
  return f;
}

function humanSize(bytes: number): string {
  const units = ['B', 'K', 'M', 'G', 'T'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i === 0 ? 0 : 1)}${units[i]}`;
}

/**
 * `GET /uc?id=…&export=download`: bytes with Content-Disposition for files shared with anyone.
 * Above the scan threshold Drive answers with a "Virus scan warning" page whose form leads to
 * `/download?id=…&export=download&confirm=t&uuid=…`; `/uc?…&confirm=t` is accepted too.
 */
export async function publicDownload(ctx: RequestContext, deps: Deps): Promise<void> {
  const id = ctx.query.get('id');
  const f = sharedFile(ctx, deps, id);
  if (!f) return;
  const confirmed = ctx.query.has('confirm') && ctx.query.get('confirm') !== '';
  if ((f.size ?? 0) > deps.scanThresholdBytes && !confirmed) {
    const action = `${ctx.origin}/download`;
    htmlPage(
      ctx,
      200,
      'Google Drive - Virus scan warning',
      `<div class="uc-main"><p class="uc-warning-caption">Google Drive can't scan this file for viruses.</p>
<p class="uc-warning-subcaption"><span class="uc-name-size"><a href="/open?id=${escapeHtml(f.id)}">${escapeHtml(f.name)}</a> (${humanSize(f.size ?? 0)})</span> is too large for Google to scan for viruses. Would you still like to download this file?</p>
<form id="download-form" action="${escapeHtml(action)}" method="get"><input type="submit" id="uc-download-link" class="goog-inline-block jfk-button jfk-button-action" value="Download anyway"/>
<input type="hidden" name="id" value="${escapeHtml(f.id)}"><input type="hidden" name="export" value="download"><input type="hidden" name="confirm" value="t"><input type="hidden" name="uuid" value="${randomUUID()}"></form></div>`,
    );
    return;
  }
  await sendContent(ctx, deps.service.blobs, f, true, deps.bytesServed);
}

/** `GET /file/d/{id}/view`: the webViewLink target; a minimal page with the download link. */
export async function publicView(ctx: RequestContext, deps: Deps): Promise<void> {
  const f = sharedFile(ctx, deps, ctx.params.fileId ?? null);
  if (!f) return;
  htmlPage(
    ctx,
    200,
    `${f.name} - Google Drive`,
    `<h1>${escapeHtml(f.name)}</h1><p>${humanSize(f.size ?? 0)}</p><a id="download" href="/uc?id=${escapeHtml(f.id)}&amp;export=download">Download</a>`,
  );
}
