import type http from 'node:http';
import { inboxPage, messagePage } from './inbox-page.js';
import type { SmtpListener, SmtpMode } from './smtp.js';
import type { MessageStore } from './store.js';

const MODES: readonly SmtpMode[] = ['accept', 'refuse', 'down'];

function send(
  res: http.ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: http.OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(body);
}

const json = (res: http.ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Inbox page and JSON API:
 *   GET    /                         inbox page          GET /messages/:id   one message
 *   GET    /api/messages[?to=addr]   list (arrival order)
 *   GET    /api/messages/:id         parsed headers, html, text
 *   GET    /api/messages/:id/raw     the message as received (message/rfc822)
 *   GET    /api/messages/:id/html    the HTML part (sandboxed)
 *   DELETE /api/messages             delete all
 *   GET|PUT /api/smtp                {"mode":"accept"|"refuse"|"down"} — outage switch for tests
 */
export function createInboxHandler(store: MessageStore, smtp: SmtpListener): http.RequestListener {
  return (req, res) => {
    void handle(req, res).catch((err: Error) => {
      if (!res.headersSent) json(res, 500, { error: err.message });
      else res.destroy();
    });
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://inbox.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const one = /^\/api\/messages\/([^/]+)(\/raw|\/html)?$/.exec(path);
    // A message answered with 250 is in every listing, even if its indexing is still running.
    await store.settled();

    if (method === 'GET' && path === '/') return send(res, 200, 'text/html; charset=utf-8', inboxPage(store.list()));
    if (method === 'POST' && path === '/messages/delete') {
      await store.clear();
      return send(res, 303, 'text/plain', '', { Location: '/' });
    }
    const page = /^\/messages\/([^/]+)$/.exec(path);
    if (method === 'GET' && page) {
      const m = await store.get(decodeURIComponent(page[1]!));
      return m
        ? send(res, 200, 'text/html; charset=utf-8', messagePage(m))
        : json(res, 404, { error: 'No such message' });
    }
    if (path === '/api/messages') {
      if (method === 'GET') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const list = store
          .list()
          .filter(
            (m) => !to || m.to.some((a) => a.toLowerCase() === to) || m.envelope.to.some((a) => a.toLowerCase() === to),
          );
        return json(res, 200, { messages: list, count: list.length });
      }
      if (method === 'DELETE') return json(res, 200, { deleted: await store.clear() });
      return json(res, 405, { error: 'Method not allowed' });
    }
    if (one && method === 'GET') {
      const id = decodeURIComponent(one[1]!);
      if (one[2] === '/raw') {
        const raw = await store.raw(id);
        return raw ? send(res, 200, 'message/rfc822', raw) : json(res, 404, { error: 'No such message' });
      }
      const m = await store.get(id);
      if (!m) return json(res, 404, { error: 'No such message' });
      if (one[2] === '/html')
        return send(res, 200, 'text/html; charset=utf-8', m.html, {
          'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        });
      return json(res, 200, m);
    }
    if (path === '/api/smtp') {
      if (method === 'GET') return json(res, 200, { mode: smtp.mode, port: smtp.port });
      if (method === 'PUT' || method === 'POST') {
        let mode: unknown;
        try {
          mode = (JSON.parse(await readBody(req)) as { mode?: unknown }).mode;
        } catch {
          mode = undefined;
        }
        if (!MODES.includes(mode as SmtpMode))
          return json(res, 400, { error: `mode must be one of ${MODES.join(', ')}` });
        await smtp.setMode(mode as SmtpMode);
        return json(res, 200, { mode: smtp.mode, port: smtp.port });
      }
      return json(res, 405, { error: 'Method not allowed' });
    }
    return json(res, 404, { error: 'Not found' });
  }
}
