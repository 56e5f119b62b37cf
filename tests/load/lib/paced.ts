/**
 * An open-model load generator for latency at a fixed rate: requests start evenly spaced (every
 * 1 ms a share of the rate), whatever the answers do — as k6's constant-arrival-rate does.
 * autocannon's `overallRate` sends each connection's share in a burst at the start of every
 * second, which measures its own queue, not the server.
 */
import http from 'node:http';

export interface PacedResult {
  sent: number;
  count302: number;
  other: number;
  p50: number;
  p99: number;
}

export async function paced(baseUrl: string, paths: string[], rate: number, durationS: number): Promise<PacedResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let count302 = 0;
  let other = 0;
  let sent = 0;
  let i = 0;
  const inflight = new Set<Promise<void>>();
  const one = (path: string) => {
    const started = process.hrtime.bigint();
    const p = new Promise<void>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, path, agent, method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode === 302) count302++;
          else other++;
          resolve();
        });
      });
      req.on('error', () => {
        other++;
        resolve();
      });
      req.end();
    });
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  const start = Date.now();
  const end = start + durationS * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((Math.min(now, end) - start) / 1000) * rate);
      while (sent < due) {
        one(paths[i++ % paths.length]!);
        sent++;
      }
      if (now >= end) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all([...inflight]);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(1);
  return { sent, count302, other, p50: q(0.5), p99: q(0.99) };
}
