import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll } from './build.ts';
import { run } from './process.ts';
import { root } from './settings.ts';

/**
 * `npm run rehearse`: builds, then starts the production shape on this machine (two gateways behind
 * a load balancer, two link and two notification services, billing, the stand-ins, real PostgreSQL
 * and Redis) on free ports with fresh data, until Ctrl-C. `--drill` runs the failure drill
 * (tests/rehearsal/drill.ts) against its own copy of the shape instead, and exits with its result.
 */
export async function rehearse(args: string[]): Promise<void> {
  console.log('[ferry] building (cached after the first run)…');
  if ((await buildAll(false)) !== 0) {
    console.error('[ferry] build failed');
    process.exit(1);
  }
  if (args.includes('--drill')) {
    const code = await run(process.execPath, [join(root, 'tests', 'rehearsal', 'drill.ts')], {
      cwd: join(root, 'tests'),
    });
    process.exit(code);
  }
  // Loaded after the build: the shape uses built workspaces (@ferry/testkit, the kit, the contracts).
  const { startRehearsal } = await import('./rehearsal/shape.ts');
  const { worthPrinting } = await import('./stack.ts');
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'ferry-rehearsal-'));
  // Warnings and errors of every process reach the console, as with `npm start`.
  const rehearsal = await startRehearsal({ dataDir, echo: worthPrinting });
  const names = [...rehearsal.processes.keys()].join(', ');
  console.log(
    [
      '',
      `[ferry] rehearsal shape: ${names}, PostgreSQL ${rehearsal.postgres.url}, Redis ${rehearsal.redis.url}`,
      `[ferry] gateways ${rehearsal.gateways.map((g) => `${g.name} :${g.port}`).join(', ')} behind the load balancer`,
      `[ferry] mail stand-in inbox: ${rehearsal.defaults.MAIL_INBOX_URL}; logs: ${rehearsal.logDir}`,
      `[ferry] metrics: ${Object.entries(rehearsal.metricsUrls)
        .map(([name, url]) => `${name} ${url}`)
        .join(', ')}`,
      `[ferry] Ferry is running at ${rehearsal.baseUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything and removes the data)`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[ferry] ${signal}: stopping the rehearsal…`);
    await rehearsal.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
