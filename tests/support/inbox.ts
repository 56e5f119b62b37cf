/** The mail stand-in's inbox, read through its JSON API (services/dev-mail). */
export interface InboxMessage {
  id: string;
  to: string[];
  subject: string;
}

export interface InboxDetail extends InboxMessage {
  headers: Array<{ key: string; value: string }>;
  replyTo: string[];
  text: string;
  html: string;
}

export interface Inbox {
  /** The messages sent to one address, oldest first. */
  mailsTo(address: string): Promise<InboxMessage[]>;
  /** One message in full. */
  detail(id: string): Promise<InboxDetail>;
  /** One message's plain-text body. */
  textOf(id: string): Promise<string>;
}

/** The runner's inbox (FERRY_MAIL_INBOX_URL), or `npm start`'s on 4200. */
export const defaultInboxUrl = (): string => process.env.FERRY_MAIL_INBOX_URL ?? 'http://localhost:4200';

export function mailInbox(baseUrl: string = defaultInboxUrl()): Inbox {
  const root = baseUrl.replace(/\/+$/, '');
  const detail = async (id: string) => (await (await fetch(`${root}/api/messages/${id}`)).json()) as InboxDetail;
  return {
    async mailsTo(address) {
      const res = await fetch(`${root}/api/messages?to=${encodeURIComponent(address)}`);
      return ((await res.json()) as { messages: InboxMessage[] }).messages;
    },
    detail,
    async textOf(id) {
      return (await detail(id)).text;
    },
  };
}
