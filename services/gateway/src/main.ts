import { existsSync } from 'node:fs';
import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { acceptedClientIds, loadConfig } from './config.js';
import { SHUTDOWN_GRACE_MS, startGateway } from './gateway.js';

runMain('gateway', async () => {
  const config = loadConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);

  const dirs = [
    ...(config.WEB_SHELL_DIR ? [{ variable: 'WEB_SHELL_DIR', dir: config.WEB_SHELL_DIR }] : []),
    ...(config.WEB_REMOTES ?? []).map((r) => ({ variable: 'WEB_REMOTES', dir: r.dir })),
  ];
  for (const { variable, dir } of dirs) {
    if (!existsSync(dir)) logger.warn({ variable, dir }, 'directory does not exist (yet): its files answer 404');
  }

  const gateway = await startGateway(config, logger);
  logger.info(
    {
      port: gateway.port,
      backends: { link: config.LINK_ADDR, notification: config.NOTIFICATION_ADDR, billing: config.BILLING_ADDR },
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      shell: config.WEB_SHELL_DIR ?? null,
      remotes: (config.WEB_REMOTES ?? []).map((r) => `${r.name}@${r.version}`),
      remotesManifest: config.WEB_REMOTES_MANIFEST ?? null,
      signIn: {
        provider: config.OIDC_PROVIDER,
        issuer: config.OIDC_ISSUER,
        publicOrigin: config.PUBLIC_ORIGIN,
        acceptedClients: acceptedClientIds(config),
      },
      tokenCache: config.REDIS_URL ? 'redis' : 'in-process',
    },
    'gateway listening',
  );

  onShutdownSignals(logger, [
    async () => {
      // Last resort if draining itself hangs: never outlive the grace period by much.
      setTimeout(() => {
        logger.error('shutdown took too long: forcing exit');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS + 2_000).unref();
    },
    () => gateway.stop(SHUTDOWN_GRACE_MS),
  ]);
});
