import { pino } from 'pino';
import { loadConfig } from './config.js';
import { createDriveServer } from './server.js';

const env = loadConfig();
const log = pino({ name: 'dev-drive', level: env.LOG_LEVEL });
const drive = createDriveServer({
  dataDir: env.DRIVE_DATA_DIR,
  auth: {
    url: env.DRIVE_INTROSPECTION_URL,
    clientId: env.DRIVE_INTROSPECTION_CLIENT_ID,
    clientSecret: env.DRIVE_INTROSPECTION_CLIENT_SECRET,
    cacheSeconds: env.DRIVE_INTROSPECTION_CACHE_SECONDS,
    clientApps: env.DRIVE_CLIENT_APPS,
  },
  quotaBytes: env.DRIVE_QUOTA_BYTES > 0 ? env.DRIVE_QUOTA_BYTES : null,
  scanThresholdBytes: env.DRIVE_SCAN_THRESHOLD_BYTES,
  adminEnabled: env.DRIVE_ADMIN_ENABLED,
  publicUrl: env.DRIVE_PUBLIC_URL,
  resumableCreateStatus: env.DRIVE_RESUMABLE_CREATE_STATUS,
  logger: log,
});
await drive.listen(env.DRIVE_PORT, env.DRIVE_HOST);
log.info(
  {
    host: env.DRIVE_HOST,
    port: env.DRIVE_PORT,
    dataDir: env.DRIVE_DATA_DIR,
    introspection: env.DRIVE_INTROSPECTION_URL,
    introspectionCacheSeconds: env.DRIVE_INTROSPECTION_CACHE_SECONDS,
    clientApps: env.DRIVE_CLIENT_APPS,
    quotaBytes: env.DRIVE_QUOTA_BYTES || 'unlimited',
    scanThresholdBytes: env.DRIVE_SCAN_THRESHOLD_BYTES,
    adminEnabled: env.DRIVE_ADMIN_ENABLED,
  },
  'ready (effective settings)',
);

const shutdown = (signal: string): void => {
  log.info({ signal }, 'shutting down');
  drive.close().then(
    () => process.exit(0),
    (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
