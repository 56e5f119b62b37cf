import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { redact } from '@ferry/db';
import { readConfig } from './config.js';
import { openDatabase } from './db.js';
import { startNotificationServer } from './server.js';

runMain('notification', async () => {
  const config = readConfig();
  const logger = createLogger('notification', config.LOG_LEVEL);
  const db = await openDatabase(config.NOTIFICATION_DATABASE_URL);
  logger.info({ database: redact(config.NOTIFICATION_DATABASE_URL) }, 'database ready');
  const server = await startNotificationServer({ port: config.NOTIFICATION_PORT, prisma: db.prisma, logger });
  onShutdownSignals(logger, [() => server.shutdown(), () => db.close()]);
});
