/**
 * The kill drill (`npm run drill:kill -w @ferry/tests`; not in `npm test`): what a gateway without
 * Redis (`npm start`'s default) loses of its download counts when it dies under load.
 *
 * A stack as `npm start` starts it, KILL_DRILL_SLUGS links, then two runs of a steady redirect load
 * (evenly spaced, KILL_DRILL_RATE per second for KILL_DRILL_S seconds):
 * 1. SIGKILL of the gateway KILL_DRILL_AT_S seconds in; the supervisor restarts it.
 * 2. SIGTERM of the gateway at the same moment; it drains and exits 0, and the drill starts it again.
 * After each run, once the counts settled: persisted counts − 302s served = the counts lost,
 * also as milliseconds of traffic at the rate measured before the signal.
 *
 * Goals (issue 26): a SIGKILL loses at most 250 ms of counts, a SIGTERM none. Prints the figures
 * as JSON; exit code 1 when a goal is missed.
 */
import { join } from 'node:path';
import { launchProcess, processSpecs, writeRemotesManifest } from '../../scripts/lib/stack.ts';
import { pool } from '../rehearsal/lib/checks.ts';
import { downloadCount } from './lib/fixtures.ts';
import { patiently } from './lib/patiently.ts';
import { drillLinks, num, startDrillStack, type DrillStack } from './lib/drill-stack.ts';
import { paced } from './lib/paced.ts';

const SLUGS = num('KILL_DRILL_SLUGS', 100);
const RATE = num('KILL_DRILL_RATE', 1_000);
const DURATION_S = num('KILL_DRILL_S', 20);
const AT_S = num('KILL_DRILL_AT_S', 8);
const LOSS_GOAL_MS = 250;
/** Without Redis, as `npm start` runs by default: counts wait in the gateway's memory, then in its file. */
const ENV: NodeJS.ProcessEnv = { REDIS_URL: undefined, LOG_REQUESTS: undefined };
const log = (line: string) => console.log(`[kill drill] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function gatewayAnswers(d: DrillStack): Promise<boolean> {
  try {
    return (await fetch(`${d.ep.baseUrl}/api/livez`, { signal: AbortSignal.timeout(1_000) })).status === 200;
  } catch {
    return false;
  }
}

/** The gateway as the stack starts it, again (after a clean exit, which the supervisor does not answer with a restart). */
async function relaunchGateway(d: DrillStack): Promise<void> {
  const { mounts } = writeRemotesManifest(d.dataDir);
  const spec = processSpecs(d.ports, d.dataDir, d.stack.defaults, d.stack.manifestFile, mounts).find(
    (s) => s.name === 'gateway',
  )!;
  const gateway = await launchProcess(
    { ...spec, env: { ...spec.env, GATEWAY_METRICS_PORT: String(d.ports.GATEWAY_METRICS_PORT) } },
    { ...process.env, ...ENV, ...d.stack.defaults },
    { logDir: join(d.dataDir, 'logs') },
  );
  d.stack.processes.set('gateway', gateway);
}

/** The sum once it reached `expected` (and stayed 2 s), or once it did not change for 10 s. */
async function settled(sum: () => Promise<number>, expected: number): Promise<number> {
  let last = await sum();
  let changedAt = Date.now();
  for (;;) {
    await sleep(1_000);
    const now = await sum();
    if (now !== last) changedAt = Date.now();
    last = now;
    const quietFor = Date.now() - changedAt;
    if ((now === expected && quietFor >= 2_000) || quietFor >= 10_000) return now;
  }
}

async function run(d: DrillStack, slugs: string[], signal: 'SIGKILL' | 'SIGTERM') {
  // Four reads at a time: a busy shared machine answers more with 504s.
  const sum = async () =>
    (await pool(slugs.length, 4, (i) => patiently(() => downloadCount(d.ep, slugs[i]!)))).reduce((a, b) => a + b, 0);
  const before = await sum();
  log(`${signal}: ${RATE} redirects/s for ${DURATION_S} s over ${slugs.length} links, ${signal} at ${AT_S} s…`);
  const started = Date.now();
  // Evenly spaced arrivals (autocannon's rate sends each second's share in one burst, so the loss
  // would depend on where in the second the signal fell), every request waited for to the end.
  const load = paced(
    d.ep.baseUrl,
    slugs.map((s) => `/api/d/${s}`),
    RATE,
    DURATION_S,
  );
  await sleep(AT_S * 1000);
  const gateway = d.stack.processes.get('gateway')!;
  const pid = gateway.child.pid;
  const signalledAt = Date.now();
  gateway.child.kill(signal);
  if (signal === 'SIGTERM') {
    const code = await gateway.exited;
    log(`SIGTERM: the gateway exited (code ${code}) after ${Date.now() - signalledAt} ms; starting it again`);
    await relaunchGateway(d);
  } else {
    while (!(await gatewayAnswers(d)) || d.stack.processes.get('gateway')!.child.pid === pid) await sleep(50);
  }
  const backAfterMs = Date.now() - signalledAt;
  log(`${signal}: the gateway answers again after ${backAfterMs} ms`);
  const result = await load;
  const served = result.count302;
  // Arrivals at RATE per second; before the signal each was answered with a 302.
  const ratePerS = RATE;
  const counts = { persisted: await settled(sum, before + served) };
  const lost = before + served - counts.persisted;
  const figures = {
    signal,
    served302: served,
    other: result.other,
    signalAtS: +((signalledAt - started) / 1000).toFixed(2),
    persistedIncrease: counts.persisted - before,
    lost,
    ratePerS: Math.round(ratePerS),
    lostMs: +((lost / ratePerS) * 1000).toFixed(1),
    backAfterMs,
  };
  log(JSON.stringify(figures));
  return figures;
}

async function main(): Promise<number> {
  log(`Node ${process.version}; starting the stack (npm start mode, no Redis, free ports)…`);
  const d = await startDrillStack('kill-drill', ENV);
  try {
    const slugs = await drillLinks(d, SLUGS);
    const killed = await run(d, slugs, 'SIGKILL');
    const terminated = await run(d, slugs, 'SIGTERM');
    const goals = {
      [`SIGKILL: counts lost ≤ ${LOSS_GOAL_MS} ms of traffic`]: killed.lost >= 0 && killed.lostMs <= LOSS_GOAL_MS,
      'SIGTERM: no count lost': terminated.lost === 0,
    };
    console.log(JSON.stringify({ report: { killed, terminated }, goals }, null, 2));
    return Object.values(goals).every(Boolean) ? 0 : 1;
  } finally {
    await d.stop();
  }
}

process.exit(await main());
