import { pino } from 'pino';
import { loadClients } from './clients.js';
import { loadConfig } from './config.js';
import { createIdentityProvider } from './provider.js';

const env = loadConfig();
const log = pino({ name: 'dev-identity', level: env.LOG_LEVEL });
let clients: ReturnType<typeof loadClients>;
try {
  clients = loadClients(env.IDENTITY_CLIENTS);
} catch (err) {
  process.stderr.write(`dev-identity: ${(err as Error).message}\n`);
  process.exit(1);
}
const idp = createIdentityProvider({
  issuer: env.IDENTITY_ISSUER,
  dataDir: env.IDENTITY_DATA_DIR,
  clients,
  logger: log,
});
await idp.listen(env.IDENTITY_PORT, env.IDENTITY_HOST);
log.info({ host: env.IDENTITY_HOST, port: env.IDENTITY_PORT, clients: clients.map((c) => c.client_id) }, 'ready');

const shutdown = (signal: string): void => {
  log.info({ signal }, 'shutting down');
  idp.close().then(
    () => process.exit(0),
    (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
