/**
 * One run, on this machine: the full stack (`npm start` mode on free ports) serving
 * GET /api/d/{slug} against a bare node:http 302 server, then the persisted download counts
 * checked against the number of 302s served.
 *
 *   npm run build && npm run load -w @ferry/tests            # defaults below
 *   LOAD_DURATION_S=10 LOAD_CONNECTIONS=50 LOAD_SLUGS=10000 LOAD_ROUNDS=2 npm run load -w @ferry/tests
 *
 * Goals: stack ≥ 0.5 × bare (never < 0.35); p99 ≤ 20 ms at half the stack's rate;
 * one slug ≥ 0.9 × 10,000 slugs; counts exact. Exit code 1 when a goal is missed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { freePort } from '@ferry/testkit';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';
import { paced } from './lib/paced.ts';
import { patiently } from './lib/patiently.ts';
import { devToken, downloadCount, shorten, uploadSharedFile, type FerryEndpoints } from './lib/fixtures.ts';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = num('LOAD_DURATION_S', 10);
const WARMUP = num('LOAD_WARMUP_S', 2);
const CONNECTIONS = num('LOAD_CONNECTIONS', 50);
const SLUGS = num('LOAD_SLUGS', 10_000);
const ROUNDS = num('LOAD_ROUNDS', 2);
const COUNT_SLUGS = num('LOAD_COUNT_SLUGS', 1_000);
/** Longest wait for the first-download notices to be relayed before measuring. */
const QUIET_MAX_S = num('LOAD_QUIET_MAX_S', 300);
const COUNT_REQUESTS = num('LOAD_COUNT_REQUESTS', 100_000);
/** Each request to the stack carries its own X-Request-ID, as behind the ingress (the gateway counts an id once). */
const REQUEST_IDS = num('LOAD_REQUEST_IDS', 1) === 1;

interface Run {
  rps: number;
  /** CPU of the serving process per answered request, µs (robust against other tenants). */
  cpuUsPerReq?: number;
  p50: number;
  p99: number;
  count302: number;
  other: number;
}

let cannonRuns = 0;

function cannon(url: string, opts: { paths?: string[]; duration?: number; amount?: number }): Promise<Run> {
  let i = 0;
  const paths = opts.paths;
  // Unique across the runs of this process: a repeated id would count once.
  const idPrefix = `${process.pid}-${++cannonRuns}-`;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration }),
        ...(paths
          ? {
              requests: [
                {
                  setupRequest: (req: Record<string, unknown>) =>
                    REQUEST_IDS
                      ? {
                          ...req,
                          path: paths[i % paths.length],
                          headers: { ...(req.headers as object), 'x-request-id': `${idPrefix}${i++}` },
                        }
                      : { ...req, path: paths[i++ % paths.length] },
                },
              ],
            }
          : {}),
      },
      (err, r) => {
        if (err) return reject(err);
        const count302 = r.statusCodeStats?.['302']?.count ?? 0;
        const total = Object.values(r.statusCodeStats ?? {}).reduce((a, s) => a + (s?.count ?? 0), 0);
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          count302,
          other: total - count302 + r.errors + r.timeouts,
        });
      },
    );
  });
}

/** utime + stime of a process in µs (/proc, clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measured(pid: number, run: () => Promise<Run>): Promise<Run> {
  const before = cpuMicros(pid);
  const r = await run();
  const answered = r.count302 + r.other;
  return { ...r, cpuUsPerReq: answered > 0 ? +((cpuMicros(pid) - before) / answered).toFixed(1) : undefined };
}

/** Samples each process's CPU every 100 ms; `around(t)` gives the ms each used in t ± 200 ms. */
function cpuTimeline(pids: Map<string, number>) {
  const samples: Array<{ t: number; cpu: Map<string, number> }> = [];
  const read = () => {
    const cpu = new Map<string, number>();
    for (const [name, pid] of pids) {
      try {
        cpu.set(name, cpuMicros(pid));
      } catch {
        // exited
      }
    }
    samples.push({ t: Date.now(), cpu });
  };
  read();
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return {
        around(t: number): Record<string, number> {
          const from = samples.findLast((x) => x.t <= t - 200) ?? samples[0]!;
          const to = samples.find((x) => x.t >= t + 200) ?? samples.at(-1)!;
          const out: Record<string, number> = {};
          for (const [name, v] of to.cpu) {
            const ms = Math.round((v - (from.cpu.get(name) ?? v)) / 1000);
            if (ms > 0) out[name] = ms;
          }
          return out;
        },
      };
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function startBare(): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'lib/bare-302.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function pool<T>(n: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

async function main(): Promise<number> {
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ferry-load-'));
  let stack: RunningStack | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  // Ctrl-C or a kill still stops the stack and the baseline.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      bare?.stop();
      void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }
  try {
    console.log(`[load] Node ${process.version}; starting the stack (npm start mode) on free ports…`);
    stack = await startStack({ ports, dataDir, quiet: true });
    const ep: FerryEndpoints = {
      baseUrl: stack.baseUrl.replace('localhost', '127.0.0.1'),
      issuer: stack.defaults.IDENTITY_ISSUER!,
      driveRootUrl: stack.defaults.DRIVE_ROOT_URL!,
    };
    const token = await devToken({ ...ep, baseUrl: stack.baseUrl }, 'loadtest@example.com');
    const fileId = await uploadSharedFile(ep, token, 'load.bin', Buffer.from('ferry load test\n'));
    const t0 = Date.now();
    const slugs = (await pool(SLUGS, 16, () => patiently(() => shorten(ep, token, fileId)))).map((s) => s.shortId);
    console.log(`[load] ${slugs.length} links created in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const baseline = await startBare();
    bare = baseline;
    const one = [`/api/d/${slugs[0]}`];
    const spread = slugs.map((s) => `/api/d/${s}`);
    let served302 = 0;
    let gatewayOther = 0;
    const gatewayPid = stack.processes.get('gateway')!.child.pid!;
    const gw = async (paths: string[], duration: number) => {
      const r = await measured(gatewayPid, () => cannon(ep.baseUrl, { paths, duration }));
      gatewayOther += r.other;
      return r;
    };

    // Warm-ups (discarded): JIT, connections, and every slug once through the resolve cache.
    await cannon(baseline.url, { duration: WARMUP });
    await gw(one, WARMUP);
    // Every slug downloaded once: warms the gateway's cache and starts the first-download events
    // (one notice mail per link) now, so the measurement sees the redirect path in steady state.
    await pool(slugs.length, 32, async (i) => {
      const res = await fetch(`${ep.baseUrl}/api/d/${slugs[i]}`, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`first download of ${slugs[i]}: ${res.status}`);
    });
    const services = ['gateway', 'link', 'notification', 'mail'].flatMap((n) => {
      const pid = stack!.processes.get(n)?.child.pid;
      return pid ? [pid] : [];
    });
    const quietUntil = Date.now() + QUIET_MAX_S * 1000;
    for (;;) {
      const before = services.reduce((a, pid) => a + cpuMicros(pid), 0);
      await new Promise((r) => setTimeout(r, 2_000));
      const busy = (services.reduce((a, pid) => a + cpuMicros(pid), 0) - before) / 2_000_000;
      if (busy < 0.1 || Date.now() > quietUntil) {
        console.log(`[load] background work settled (services at ${(busy * 100).toFixed(0)} % CPU)`);
        break;
      }
    }
    await gw(spread, WARMUP);

    const runs = { bare: [] as Run[], one: [] as Run[], spread: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.bare.push(await measured(baseline.pid, () => cannon(baseline.url, { duration: DURATION })));
      runs.one.push(await gw(one, DURATION));
      runs.spread.push(await gw(spread, DURATION));
      console.log(
        `[load] round ${round + 1}: bare ${runs.bare.at(-1)!.rps.toFixed(0)} req/s, one slug ${runs.one.at(-1)!.rps.toFixed(0)}, ${SLUGS} slugs ${runs.spread.at(-1)!.rps.toFixed(0)}`,
      );
    }
    const bareRps = median(runs.bare.map((r) => r.rps));
    const oneRps = median(runs.one.map((r) => r.rps));
    const spreadRps = median(runs.spread.map((r) => r.rps));
    const stackRps = Math.min(oneRps, spreadRps);
    const half = Math.max(1, Math.floor(stackRps / 2));
    // Latency at half the rate, arrivals evenly spaced (see lib/paced.ts).
    // CPU of every stack process in 100 ms steps while the paced runs go, to name what ran when
    // answers were slow.
    const sampler = cpuTimeline(
      new Map([...stack.processes].flatMap(([name, p]) => (p.child.pid ? [[name, p.child.pid] as const] : []))),
    );
    // The bare server at the same rate shows what the machine and the generator add by themselves.
    const atHalfBare = await paced(baseline.url, ['/bare'], half, DURATION);
    const atHalfOne = await paced(ep.baseUrl, one, half, DURATION);
    const atHalfSpread = await paced(ep.baseUrl, spread, half, DURATION);
    gatewayOther += atHalfOne.other + atHalfSpread.other;
    const timeline = sampler.stop();
    const busyWhenSlow = (r: typeof atHalfOne) =>
      r.slowAt.slice(0, 3).map(([s]) => ({ at: s, cpuMs: timeline.around(r.startedAtMs + s * 1000) }));

    // Counts: let the timed runs' batches settle (a timed run ends with requests in flight, so its
    // 302s cannot be known exactly), then a run of a fixed number of requests over COUNT_SLUGS links
    // must raise their persisted counts by exactly the number of 302s it got.
    const countSlugs = slugs.slice(0, Math.min(COUNT_SLUGS, slugs.length));
    const sumCounts = async () =>
      (await pool(countSlugs.length, 32, (i) => patiently(() => downloadCount(ep, countSlugs[i]!)))).reduce(
        (a, b) => a + b,
        0,
      );
    const settled = async () => {
      let last = -1;
      for (;;) {
        await new Promise((r) => setTimeout(r, 1_000));
        const now = await sumCounts();
        if (now === last) return now;
        last = now;
      }
    };
    const before = await settled();
    const counted = await cannon(ep.baseUrl, { paths: countSlugs.map((s) => `/api/d/${s}`), amount: COUNT_REQUESTS });
    served302 = counted.count302;
    gatewayOther += counted.other;
    const until = Date.now() + 60_000;
    let persisted = (await sumCounts()) - before;
    while (persisted < served302 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      persisted = (await sumCounts()) - before;
    }
    // A little longer: a late duplicate would show up as an excess.
    await new Promise((r) => setTimeout(r, 1_000));
    persisted = (await sumCounts()) - before;

    const report = {
      node: process.version,
      connections: CONNECTIONS,
      requestIds: REQUEST_IDS,
      durationS: DURATION,
      rounds: ROUNDS,
      slugs: SLUGS,
      bareRps: Math.round(bareRps),
      oneSlugRps: Math.round(oneRps),
      spreadRps: Math.round(spreadRps),
      ratioStackToBare: +(stackRps / bareRps).toFixed(3),
      ratioOneToSpread: +(oneRps / spreadRps).toFixed(3),
      halfRate: half,
      p99AtHalfOneSlugMs: atHalfOne.p99,
      p99AtHalfSpreadMs: atHalfSpread.p99,
      p99AtHalfBareMs: atHalfBare.p99,
      p50AtHalfMs: { bare: atHalfBare.p50, one: atHalfOne.p50, spread: atHalfSpread.p50 },
      socketsAtHalf: { bare: atHalfBare.sockets, one: atHalfOne.sockets, spread: atHalfSpread.sockets },
      generatorMaxTickGapMs: {
        bare: atHalfBare.maxTickGapMs,
        one: atHalfOne.maxTickGapMs,
        spread: atHalfSpread.maxTickGapMs,
      },
      slowOver20msAt: { bare: atHalfBare.slowAt, one: atHalfOne.slowAt, spread: atHalfSpread.slowAt },
      cpuWhenSlow: { one: busyWhenSlow(atHalfOne), spread: busyWhenSlow(atHalfSpread) },
      cpuUsPerRequest: {
        bare: median(runs.bare.map((r) => r.cpuUsPerReq ?? 0)),
        oneSlug: median(runs.one.map((r) => r.cpuUsPerReq ?? 0)),
        spread: median(runs.spread.map((r) => r.cpuUsPerReq ?? 0)),
      },
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      p99FullLoad: {
        bare: median(runs.bare.map((r) => r.p99)),
        one: median(runs.one.map((r) => r.p99)),
        spread: median(runs.spread.map((r) => r.p99)),
      },
      countCheck: { requests: COUNT_REQUESTS, slugs: countSlugs.length, served302, persistedIncrease: persisted },
      nonRedirects: gatewayOther,
    };
    const goals = {
      'stack ≥ 0.5 × bare': report.ratioStackToBare >= 0.5,
      'stack never < 0.35 × bare (any round)': runs.bare.every(
        (b, k) => Math.min(runs.one[k]!.rps, runs.spread[k]!.rps) / b.rps >= 0.35,
      ),
      'p99 ≤ 20 ms at half rate': Math.max(atHalfOne.p99, atHalfSpread.p99) <= 20,
      'one slug ≥ 0.9 × 10k slugs': report.ratioOneToSpread >= 0.9,
      'every answer a 302': gatewayOther === 0,
      'counts exact': persisted === served302,
    };
    console.log(JSON.stringify({ report, goals }, null, 2));
    return Object.values(goals).every(Boolean) ? 0 : 1;
  } finally {
    bare?.stop();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
