import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { MessageStore } from './store.js';

/** How the SMTP side behaves, for tests that simulate an outage. */
export type SmtpMode =
  /** Accept and store every message. */
  | 'accept'
  /** Answer every connection with 421 and close it (a server that is up but refuses mail). */
  | 'refuse'
  /** Stop listening: connections are refused by the kernel (a server that is down). */
  | 'down';

export interface SmtpLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The SMTP listener: plain SMTP without TLS or authentication (AUTH is accepted and ignored). */
export class SmtpListener {
  private server: SMTPServer | undefined;
  private boundPort = 0;
  mode: SmtpMode = 'accept';

  constructor(
    private readonly store: MessageStore,
    private readonly logger: SmtpLogger,
    private readonly host: string,
  ) {}

  get port(): number {
    return this.boundPort;
  }

  private create(): SMTPServer {
    return new SMTPServer({
      name: 'ferry-dev-mail',
      banner: 'Ferry mail stand-in',
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      size: MAX_MESSAGE_BYTES,
      closeTimeout: 1_000,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
      onConnect: (_session, callback) => {
        if (this.mode === 'refuse') callback(smtpError(421, 'Service not available, try again later'));
        else callback();
      },
      onData: (stream, session: SMTPServerSession, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.mode !== 'accept') {
            callback(smtpError(451, 'Temporary failure, try again later'));
            return;
          }
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(smtpError(552, 'Message too large'));
            return;
          }
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          let spooled: ReturnType<MessageStore['spool']>;
          try {
            spooled = this.store.spool(Buffer.concat(chunks), envelope);
          } catch (err) {
            this.logger.warn({ error: (err as Error).message }, 'message could not be stored');
            callback(smtpError(451, 'Could not store the message'));
            return;
          }
          // 250 once the message is on disk; parsing it for the inbox does not delay the answer.
          callback();
          spooled.indexed.then(
            (summary) =>
              this.logger.info({ id: summary.id, to: summary.to, subject: summary.subject }, 'message stored'),
            (err: Error) =>
              this.logger.warn({ id: spooled.id, error: err.message }, 'message stored but could not be indexed'),
          );
        });
      },
    });
  }

  async listen(port: number): Promise<number> {
    const server = this.create();
    server.on('error', (err: Error) => this.logger.warn({ error: err.message }, 'smtp error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, this.host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    return this.boundPort;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Switches the behaviour; 'down' closes the port, leaving 'down' listens again on the same port. */
  async setMode(mode: SmtpMode): Promise<void> {
    const wasDown = this.mode === 'down';
    this.mode = mode;
    if (mode === 'down' && !wasDown) await this.close();
    if (mode !== 'down' && wasDown) await this.listen(this.boundPort);
  }
}
