import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  port: number;
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export interface StaticServerOptions {
  /** Extra folders served under a path prefix, e.g. `/remotes/upload/0.1.0` → mfe-upload/dist. */
  mounts?: { prefix: string; dir: string }[];
  /** Fixed JSON answers by path, e.g. `/remotes.json`. */
  json?: Record<string, unknown>;
  host?: string;
}

/**
 * Serves a built front end (a remote's dist, or the shell with remotes mounted beside it) on a
 * free port, like a CDN or the gateway would: any origin may load it, unknown paths without a file
 * extension fall back to the root's index.html.
 */
export async function startStaticServer(root: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const answer = options.json?.[pathname];
      if (answer !== undefined) {
        res
          .writeHead(200, { 'Content-Type': TYPES['.json']!, 'Cache-Control': 'no-cache' })
          .end(JSON.stringify(answer));
        return;
      }
      const mount = options.mounts?.find((m) => pathname.startsWith(`${m.prefix}/`));
      const base = path.resolve(mount ? mount.dir : root);
      let file = path.resolve(base, `.${mount ? pathname.slice(mount.prefix.length) : pathname}`);
      if (!file.startsWith(base)) {
        res.writeHead(403).end();
        return;
      }
      if (!(await isFile(file))) {
        if (path.extname(pathname)) {
          res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('not found');
          return;
        }
        file = path.join(path.resolve(root), 'index.html');
      }
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
      });
      createReadStream(file).pipe(res);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and now has nothing listening: a "stopped" server. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
