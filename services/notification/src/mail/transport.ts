import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';

/** One mail as the relay hands it to SMTP. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per idempotency key, so a receiving system can recognise a repeat. */
  messageId: string;
  /** The outbox row's key, the same on every attempt. */
  idempotencyKey: string;
  headers: Record<string, string>;
}

/**
 * Hands one mail to the provider; resolves once the provider has taken it (SMTP: the 250 after
 * DATA). SMTP cannot tell a repeat from a new mail, so a crash before the relay records the send
 * may repeat it. A provider with an idempotent HTTP API (an Idempotency-Key header or a
 * client-chosen message id that it deduplicates) closes that window: its sender passes
 * `idempotencyKey` along, and a repeat after a crash is dropped by the provider.
 */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Thrown for answers that will not change on retry (SMTP 5xx): the message is marked FAILED. */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server is not reachable or refuses service (421): no point trying the other due rows now. */
export function isSmtpUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown };
  return (
    e.responseCode === 421 || ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED'].includes(String(e.code))
  );
}

export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'ferry.invalid';
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}@${domain}>`;
}

/** nodemailer over SMTP (smtp://user:pass@host:port, STARTTLS when offered; smtps:// for TLS from the start). */
export function smtpSender(opts: { url: string; from: string; timeoutMs: number }): MailSender {
  const url = new URL(opts.url);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
    // Addresses are validated before they reach the outbox; never let SMTP parse a display name from data.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    // The returned promise settles in the same tick in which nodemailer reads the server's reply
    // to the message (one connection per mail, closed without waiting for QUIT).
    async send(mail) {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}
