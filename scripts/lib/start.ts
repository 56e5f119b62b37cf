import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.ts';
import { stopEveryProcessOnSignal } from './process.ts';
import { startStack } from './stack.ts';
import { portsFromEnv, root } from './settings.ts';

/** `npm start`: build, migrate the embedded databases, start everything, print the URL, stop on Ctrl-C. */
export async function start(): Promise<void> {
  const started = Date.now();
  const ports = portsFromEnv();
  const dataDir = process.env.FERRY_DATA_DIR ?? join(root, '.data');
  // From the first moment: a stop while the stack is still starting stops what already runs.
  stopEveryProcessOnSignal({
    stopping: (signal) => console.log(`\n[ferry] ${signal}: stopping every process…`),
    stopped: () => console.log(`[ferry] stopped; data kept in ${dataDir}`),
  });
  console.log('[ferry] building (cached after the first run)…');
  if ((await buildAll(false)) !== 0) {
    console.error('[ferry] build failed');
    process.exit(1);
  }
  const stack = await startStack({ ports, dataDir });
  // The defaults go to a file (secrets named, not shown): the console keeps one line per process.
  const defaultsFile = join(dataDir, 'defaults.env');
  const printable = Object.entries(stack.defaults).map(
    ([key, value]) =>
      `${key}=${/SECRET|CLIENTS/.test(key) ? `(generated, in ${dataDir}/local-secrets.json)` : JSON.stringify(value)}`,
  );
  writeFileSync(
    defaultsFile,
    `# npm start's single-machine defaults; override any of them in the environment.\n${printable.join('\n')}\n`,
  );
  const databases = Object.entries(stack.defaults).some(
    ([k, v]) => k.endsWith('_DATABASE_URL') && v.startsWith('postgres'),
  )
    ? 'as set'
    : `embedded PGlite under ${dataDir}`;
  console.log(
    [
      `[ferry] single-machine defaults (databases: ${databases}; redis: ${stack.defaults.REDIS_URL ?? 'none, in-process'}): every value in ${defaultsFile}, every log in ${join(dataDir, 'logs')}`,
      `[ferry] Ferry is running at ${stack.baseUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything)`,
      '',
    ].join('\n'),
  );
  // Each process is supervised (scripts/lib/process.ts): a crash prints one line and restarts it with backoff.
}
