/**
 * The log drill (`npm run drill:logs -w @ferry/tests`; not in `npm test`): what the download
 * redirect leaves in `.data/logs` of a stack started as `npm start` starts it.
 *
 * 1. Defaults (request lines off): LOG_DRILL_QUIET_REQUESTS (20,000) redirects; the gateway's log
 *    must grow by under 64 KB.
 * 2. LOG_REQUESTS=1 (a line per redirect): LOG_DRILL_REQUESTS (1,000,000) redirects; the bytes the
 *    gateway's rotated log keeps must stay under the cap (scripts/lib/process.ts LOG_ROTATION).
 *
 * Prints the figures as JSON; exit code 1 when a goal is missed.
 */
import { LOG_ROTATION, logCapBytes } from '../../scripts/lib/process.ts';
import { drillLinks, num, redirects, settledLog, startDrillStack, totalBytes } from './lib/drill-stack.ts';

const QUIET_REQUESTS = num('LOG_DRILL_QUIET_REQUESTS', 20_000);
const REQUESTS = num('LOG_DRILL_REQUESTS', 1_000_000);
const SLUGS = num('LOG_DRILL_SLUGS', 50);
const QUIET_GOAL_BYTES = 64 * 1024;
const log = (line: string) => console.log(`[log drill] ${line}`);

async function phase(label: string, env: NodeJS.ProcessEnv, requests: number) {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v ?? '(unset)'}`);
  log(`${label}: starting the stack (npm start mode, free ports) with ${vars.join(' ')}…`);
  const d = await startDrillStack('log-drill', env);
  try {
    const slugs = await drillLinks(d, SLUGS);
    const before = await settledLog(d.logDir, 'gateway');
    log(`${label}: ${requests} redirects over ${slugs.length} links…`);
    const run = await redirects(d, slugs, { amount: requests, connections: 50 });
    const after = await settledLog(d.logDir, 'gateway');
    const figures = {
      requests,
      redirects: run.redirectsAt.length,
      other: run.other,
      seconds: +run.seconds.toFixed(1),
      rate: Math.round(run.redirectsAt.length / run.seconds),
      gatewayLogBytesBefore: totalBytes(before),
      gatewayLogBytesAfter: totalBytes(after),
      gatewayLogFiles: after,
    };
    log(`${label}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await d.stop();
  }
}

async function main(): Promise<number> {
  log(`Node ${process.version}; log rotation per process ${JSON.stringify(LOG_ROTATION)}`);
  // Request lines as `npm start` leaves them: LOG_REQUESTS and ACCESS_LOG_SAMPLE unset.
  const quiet = await phase(
    'defaults',
    { LOG_REQUESTS: undefined, ACCESS_LOG_SAMPLE: undefined, REDIS_URL: undefined },
    QUIET_REQUESTS,
  );
  // A line per redirect: the most an operator can ask of the log.
  const loud = await phase(
    'LOG_REQUESTS=1',
    { LOG_REQUESTS: '1', ACCESS_LOG_SAMPLE: undefined, REDIS_URL: undefined },
    REQUESTS,
  );
  const capBytes = logCapBytes(LOG_ROTATION);
  const report = {
    quiet: { ...quiet, grewBy: quiet.gatewayLogBytesAfter - quiet.gatewayLogBytesBefore },
    loud: { ...loud, bytesOnDisk: loud.gatewayLogBytesAfter, capBytes },
  };
  const goals = {
    [`defaults: the gateway's log grew by < 64 KB over ${QUIET_REQUESTS} redirects`]:
      report.quiet.grewBy < QUIET_GOAL_BYTES,
    [`LOG_REQUESTS=1: the gateway's log keeps < its cap after ${REQUESTS} redirects`]:
      report.loud.bytesOnDisk < capBytes,
    'LOG_REQUESTS=1: the log rotated': Object.keys(loud.gatewayLogFiles).length > 1,
    'every answer a 302': Object.keys(quiet.other).length === 0 && Object.keys(loud.other).length === 0,
  };
  console.log(JSON.stringify({ report, goals }, null, 2));
  return Object.values(goals).every(Boolean) ? 0 : 1;
}

process.exit(await main());
