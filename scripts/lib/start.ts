import { join } from 'node:path';
import { buildAll } from './build.ts';
import { startStack } from './stack.ts';
import { portsFromEnv, root } from './settings.ts';

/** `npm start`: build, migrate the embedded databases, start everything, print the URL, stop on Ctrl-C. */
export async function start(): Promise<void> {
  const started = Date.now();
  const ports = portsFromEnv();
  const dataDir = process.env.FERRY_DATA_DIR ?? join(root, '.data');
  console.log('[ferry] building (cached after the first run)…');
  if ((await buildAll(false)) !== 0) {
    console.error('[ferry] build failed');
    process.exit(1);
  }
  const stack = await startStack({ ports, dataDir });
  const printable = Object.entries(stack.defaults)
    .map(
      ([key, value]) =>
        `    ${key}=${/SECRET|CLIENTS/.test(key) ? `(generated, in ${dataDir}/local-secrets.json)` : value}`,
    )
    .join('\n');
  console.log(
    [
      '',
      '[ferry] single-machine mode with embedded defaults (override any of them in the environment):',
      `    databases: embedded PGlite under ${dataDir} (set <SERVICE>_DATABASE_URL=postgresql://… for PostgreSQL)`,
      '    redis: ' +
        (stack.defaults.REDIS_URL
          ? stack.defaults.REDIS_URL
          : 'none — in-process cache (set REDIS_URL=redis://… for Redis)'),
      printable,
      '',
      ...(stack.processes.has('mail')
        ? [`[ferry] mail stand-in inbox (every mail Ferry sends): ${stack.defaults.MAIL_INBOX_URL}`]
        : []),
      `[ferry] Ferry is running at ${stack.baseUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything)`,
      '',
    ].join('\n'),
  );
  // Each process is supervised (scripts/lib/process.ts): a crash prints one line and restarts it with backoff.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[ferry] ${signal}: stopping every process…`);
    await stack.stop();
    console.log(`[ferry] stopped; data kept in ${dataDir}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
