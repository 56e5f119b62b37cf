import type { Server } from 'node:http';

/** How often connections that went idle during the drain are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and waits for requests in flight. Keep-alive connections are
 * closed as soon as they are idle (also those whose request finishes during the drain, which
 * `server.close()` alone would leave open until the keep-alive timeout). Connections still open
 * after `graceMs` are cut. Resolves `true` when everything drained in time, `false` otherwise.
 */
export function closeHttpServer(server: Server, graceMs: number): Promise<boolean> {
  if (!server.listening) return Promise.resolve(true);
  return new Promise((resolve) => {
    let forced = false;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const timer = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    sweep.unref();
    timer.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve(!forced);
    });
    server.closeIdleConnections();
  });
}
