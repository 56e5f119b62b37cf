import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInboxHandler } from './http.js';
import { SmtpListener, type SmtpLogger, type SmtpMode } from './smtp.js';
import { MessageStore } from './store.js';

export type { SmtpMode } from './smtp.js';
export type { MessageDetail, MessageSummary } from './store.js';
export { MessageStore } from './store.js';

export interface MailServerOptions {
  /** Where messages are kept (one .eml and one .json per message). */
  dataDir: string;
  /** 0 = a free port (tests). */
  smtpPort: number;
  inboxPort: number;
  host?: string;
  logger?: SmtpLogger;
}

export interface RunningMailServer {
  smtpPort: number;
  inboxPort: number;
  /** http://host:inboxPort */
  inboxUrl: string;
  store: MessageStore;
  /** Outage switch: 'refuse' answers 421, 'down' closes the SMTP port, 'accept' is normal. */
  setSmtpMode(mode: SmtpMode): Promise<void>;
  close(): Promise<void>;
}

const quiet: SmtpLogger = { info: () => undefined, warn: () => undefined };

/** Starts the SMTP listener and the inbox (page + JSON API); resolves once both listen. */
export async function startMailServer(opts: MailServerOptions): Promise<RunningMailServer> {
  const host = opts.host ?? '127.0.0.1';
  const store = await MessageStore.open(opts.dataDir);
  const smtp = new SmtpListener(store, opts.logger ?? quiet, host);
  const smtpPort = await smtp.listen(opts.smtpPort);
  const inbox = http.createServer(createInboxHandler(store, smtp));
  await new Promise<void>((resolve, reject) => {
    inbox.once('error', reject);
    inbox.listen(opts.inboxPort, host, () => {
      inbox.off('error', reject);
      resolve();
    });
  });
  const inboxPort = (inbox.address() as AddressInfo).port;
  return {
    smtpPort,
    inboxPort,
    inboxUrl: `http://${host.includes(':') ? `[${host}]` : host}:${inboxPort}`,
    store,
    setSmtpMode: (mode) => smtp.setMode(mode),
    async close() {
      inbox.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => inbox.close(() => resolve())), smtp.close()]);
    },
  };
}
