import { join } from 'node:path';
import { buildAll } from './build.ts';
import { startManaged, type ManagedProcess } from './process.ts';
import { startStack } from './stack.ts';
import { portsFromEnv, REMOTE_NAMES, root } from './settings.ts';

/** `npm run dev`: the backend as in `npm start`, plus every front end on its own dev server with reload. */
export async function dev(): Promise<void> {
  const ports = portsFromEnv();
  const dataDir = process.env.FERRY_DATA_DIR ?? join(root, '.data');
  if ((await buildAll(false)) !== 0) process.exit(1);
  const stack = await startStack({ ports, dataDir });
  const frontEnds: ManagedProcess[] = [];
  const env = {
    ...process.env,
    SHELL_DEV_PORT: String(ports.SHELL_DEV_PORT),
    UPLOAD_DEV_PORT: String(ports.UPLOAD_DEV_PORT),
    DOWNLOAD_DEV_PORT: String(ports.DOWNLOAD_DEV_PORT),
    ACCOUNT_DEV_PORT: String(ports.ACCOUNT_DEV_PORT),
    MARKETING_DEV_PORT: String(ports.MARKETING_DEV_PORT),
    GATEWAY_URL: stack.baseUrl,
  };
  for (const name of ['shell', ...REMOTE_NAMES.map((remote) => `mfe-${remote}`)]) {
    frontEnds.push(startManaged(name, 'npm', ['run', 'dev'], { cwd: join(root, name), env }));
  }
  console.log(
    `\n[ferry] dev servers: shell http://localhost:${ports.SHELL_DEV_PORT} (remotes on ${ports.UPLOAD_DEV_PORT}-${ports.MARKETING_DEV_PORT}); gateway ${stack.baseUrl}\n`,
  );
  const shutdown = async () => {
    await Promise.all(frontEnds.map((p) => p.stop()));
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
