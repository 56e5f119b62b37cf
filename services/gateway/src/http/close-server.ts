import type { Server } from 'node:http';

/**
 * Stops accepting connections and waits for requests in flight; idle keep-alive connections are
 * closed at once. Connections still open after `graceMs` are cut. Resolves `true` when everything
 * drained in time, `false` when connections had to be cut.
 */
export function closeHttpServer(server: Server, graceMs: number): Promise<boolean> {
  if (!server.listening) return Promise.resolve(true);
  return new Promise((resolve) => {
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve(!forced);
    });
    server.closeIdleConnections();
  });
}
