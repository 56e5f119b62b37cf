import type { AccountNoticeType } from '../mail/account-notice-strings.js';
import type { RenderedMail } from '../mail/templates.js';

/** What an outbox row carries: the rendered mail plus the headers that are not the same for every mail. */
export interface OutboxPayload extends RenderedMail {
  replyTo?: string;
  /** X-Ferry-Kind: receiver | start | first-download (the spec's mail types) | cleanup-needed | feedback | account-deleted | abuse-report | the trial reminders. */
  type:
    | 'receiver'
    | 'start'
    | 'first-download'
    | 'cleanup-needed'
    | 'feedback'
    | 'more-time'
    | 'account-deleted'
    | 'abuse-report'
    | AccountNoticeType;
  /** more-time: the link and a hash of the asking client, for the abuse limits. */
  slug?: string;
  client?: string;
  lang: string;
}

export function readPayload(value: unknown): OutboxPayload | undefined {
  const p = value as Partial<OutboxPayload> | null;
  if (
    !p ||
    typeof p.subject !== 'string' ||
    typeof p.text !== 'string' ||
    typeof p.html !== 'string' ||
    typeof p.type !== 'string'
  )
    return undefined;
  return p as OutboxPayload;
}
