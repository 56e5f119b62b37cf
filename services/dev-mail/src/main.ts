import { createLogger, onShutdownSignals, runMain } from '@ferry/service-kit';
import { loadConfig } from './config.js';
import { startMailServer } from './index.js';

void runMain('dev-mail', async () => {
  const config = loadConfig();
  const logger = createLogger('dev-mail', config.LOG_LEVEL);
  const mail = await startMailServer({
    dataDir: config.MAIL_DATA_DIR,
    smtpPort: config.SMTP_PORT,
    inboxPort: config.MAIL_INBOX_PORT,
    host: config.MAIL_HOST,
    logger,
  });
  logger.info({ smtpPort: mail.smtpPort, inbox: mail.inboxUrl, dataDir: config.MAIL_DATA_DIR }, 'mail stand-in ready');
  onShutdownSignals(logger, [() => mail.close()]);
});
