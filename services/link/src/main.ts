import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { redact } from '@ferry/db';
import { readConfig } from './config.js';
import { openDatabase } from './db.js';
import { startLinkServer } from './server.js';

runMain('link', async () => {
  const config = readConfig();
  const logger = createLogger('link', config.LOG_LEVEL);
  const db = await openDatabase(config.LINK_DATABASE_URL);
  logger.info({ database: redact(config.LINK_DATABASE_URL), redis: config.REDIS_URL ? 'configured' : 'none (in-process)' }, 'database ready');
  const server = await startLinkServer({ port: config.LINK_PORT, prisma: db.prisma, logger });
  onShutdownSignals(logger, [() => server.shutdown(), () => db.close()]);
});
