import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { redact } from '@ferry/db';
import { readConfig } from './config.js';
import { openDatabase } from './db.js';
import { startBillingServer } from './server.js';

runMain('billing', async () => {
  const config = readConfig();
  const logger = createLogger('billing', config.LOG_LEVEL);
  const db = await openDatabase(config.BILLING_DATABASE_URL);
  logger.info({ database: redact(config.BILLING_DATABASE_URL) }, 'database ready');
  const server = await startBillingServer({ port: config.BILLING_PORT, prisma: db.prisma, logger });
  onShutdownSignals(logger, [() => server.shutdown(), () => db.close()]);
});
