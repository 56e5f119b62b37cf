// The bench's ceiling: a resumable-upload endpoint that only counts bytes (no disk, no hashing).
// What the upload code reaches against it versus one raw PUT is the most any server could give
// on this machine: the cost left is the browser's, per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const CORS = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, content-range, x-upload-content-type, x-upload-content-length',
  'access-control-expose-headers': 'location, range',
  'access-control-max-age': '3600',
};

export interface SinkServer {
  rootUrl: string;
  close(): void;
}

export async function startSinkServer(): Promise<SinkServer> {
  const received = new Map<string, number>();
  let sessions = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const cors = { ...CORS, 'access-control-allow-origin': req.headers.origin ?? '*' };
    const url = new URL(req.url ?? '/', 'http://sink');
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.method === 'DELETE') return void res.writeHead(204, cors).end();
    if (req.method === 'POST' && url.pathname === '/upload/drive/v3/files') {
      req.resume();
      const id = `sink${++sessions}`;
      received.set(id, 0);
      const location = `http://${req.headers.host}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}`;
      return void res.writeHead(200, { ...cors, location, 'content-length': 0 }).end();
    }
    const id = url.searchParams.get('upload_id') ?? '';
    if (req.method !== 'PUT' || !received.has(id)) return void res.writeHead(404, cors).end();
    let n = received.get(id)!;
    for await (const chunk of req) n += (chunk as Buffer).length;
    received.set(id, n);
    const total = /\/(\d+)$/.exec(req.headers['content-range'] ?? '')?.[1];
    if (total !== undefined && n < Number(total))
      return void res.writeHead(308, { ...cors, range: `bytes=0-${n - 1}`, 'content-length': 0 }).end();
    received.delete(id);
    const body = JSON.stringify({ id, size: String(n) });
    res
      .writeHead(200, { ...cors, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      .end(body);
  };
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, r));
  const port = (server.address() as { port: number }).port;
  return { rootUrl: `http://localhost:${port}`, close: () => server.close() };
}
