// A TCP proxy that holds every piece of data for a fixed time in each direction: with `delayMs`
// of 25 it adds a 50 ms round trip to whatever passes through it, without limiting the rate
// (the bench limits the rate with `tc tbf`). Backpressure: a side that has too much in flight
// is paused until the delayed writes drain.
import { createServer, type Server, type Socket, connect } from 'node:net';

export interface DelayProxy {
  port: number;
  close(): Promise<void>;
}

const MAX_IN_FLIGHT = 16 * 1024 * 1024;

function pipeDelayed(from: Socket, to: Socket, delayMs: number): void {
  let inFlight = 0;
  from.on('data', (buf: Buffer) => {
    inFlight += buf.length;
    if (inFlight > MAX_IN_FLIGHT) from.pause();
    setTimeout(() => {
      inFlight -= buf.length;
      if (!to.destroyed) to.write(buf);
      if (inFlight <= MAX_IN_FLIGHT / 2 && from.isPaused()) from.resume();
    }, delayMs);
  });
  from.on('end', () => setTimeout(() => to.end(), delayMs + 1));
}

export async function startDelayProxy(opts: {
  host: string;
  target: { host: string; port: number };
  delayMs: number;
}): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(opts.target.port, opts.target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pipeDelayed(client, upstream, opts.delayMs);
    pipeDelayed(upstream, client, opts.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
