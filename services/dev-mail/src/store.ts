import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import PostalMime, { type Address, type Email } from 'postal-mime';

/** What the list shows of one stored message. */
export interface MessageSummary {
  id: string;
  receivedAt: string;
  /** SMTP envelope (MAIL FROM / RCPT TO), which may differ from the headers. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  size: number;
}

export interface MessageDetail extends MessageSummary {
  headers: Array<{ key: string; value: string }>;
  replyTo: string[];
  date: string;
  html: string;
  text: string;
}

const ID = /^[0-9]{13}-[0-9a-f-]{36}$/;

function addresses(list: Address[] | Address | undefined): string[] {
  const items = list === undefined ? [] : Array.isArray(list) ? list : [list];
  return items.flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address]));
}

function summarize(
  id: string,
  receivedAt: string,
  envelope: MessageSummary['envelope'],
  raw: Buffer,
  email: Email,
): MessageSummary {
  return {
    id,
    receivedAt,
    envelope,
    from: addresses(email.from)[0] ?? '',
    to: addresses(email.to),
    subject: email.subject ?? '',
    messageId: email.messageId ?? '',
    size: raw.length,
  };
}

/**
 * Messages on disk: `<id>.eml` (the raw message as received) and `<id>.json` (its summary).
 * Ids start with the receive time, so a directory listing is already in arrival order.
 */
export class MessageStore {
  private readonly summaries = new Map<string, MessageSummary>();
  private readonly pending = new Set<Promise<MessageSummary>>();

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<MessageStore> {
    await mkdir(dir, { recursive: true });
    const store = new MessageStore(dir);
    const names = new Set(await readdir(dir));
    for (const name of [...names].sort()) {
      const id = name.slice(0, -'.eml'.length);
      if (!name.endsWith('.eml') || !ID.test(id)) continue;
      try {
        if (names.has(`${id}.json`)) {
          const summary = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as MessageSummary;
          store.summaries.set(summary.id, summary);
        } else {
          // Spooled but not yet indexed when the stand-in stopped: the envelope was not kept, so the headers stand in for it.
          const raw = await readFile(join(dir, name));
          const email = await PostalMime.parse(raw);
          const receivedAt = new Date(Number(id.slice(0, 13))).toISOString();
          await store.index(id, receivedAt, { from: addresses(email.from)[0] ?? '', to: addresses(email.to) }, raw);
        }
      } catch {
        // An unreadable message stays on disk for inspection and out of the list.
      }
    }
    return store;
  }

  /**
   * Spools a message as an MTA does before it answers 250: the raw bytes are on disk when this
   * returns, written synchronously so the answer waits on nothing else. Reading it for the list
   * happens after (`indexed`); `settled()` waits for that.
   */
  spool(raw: Buffer, envelope: MessageSummary['envelope']): { id: string; indexed: Promise<MessageSummary> } {
    const receivedAt = new Date();
    const id = `${receivedAt.getTime()}-${randomUUID()}`;
    writeFileSync(join(this.dir, `${id}.eml`), raw);
    const indexed = this.index(id, receivedAt.toISOString(), envelope, raw);
    this.pending.add(indexed);
    void indexed.catch(() => undefined).finally(() => this.pending.delete(indexed));
    return { id, indexed };
  }

  /** Resolves once every spooled message is in the list. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async index(
    id: string,
    receivedAt: string,
    envelope: MessageSummary['envelope'],
    raw: Buffer,
  ): Promise<MessageSummary> {
    const email = await PostalMime.parse(raw);
    const summary = summarize(id, receivedAt, envelope, raw, email);
    await writeFile(join(this.dir, `${id}.json`), JSON.stringify(summary));
    this.summaries.set(id, summary);
    return summary;
  }

  list(): MessageSummary[] {
    return [...this.summaries.values()];
  }

  async raw(id: string): Promise<Buffer | undefined> {
    if (!ID.test(id) || !this.summaries.has(id)) return undefined;
    return readFile(join(this.dir, `${id}.eml`));
  }

  async get(id: string): Promise<MessageDetail | undefined> {
    const raw = await this.raw(id);
    const summary = this.summaries.get(id);
    if (!raw || !summary) return undefined;
    const email = await PostalMime.parse(raw);
    return {
      ...summary,
      headers: email.headers.map((h) => ({ key: h.key, value: h.value })),
      replyTo: addresses(email.replyTo),
      date: email.date ?? '',
      html: email.html ?? '',
      text: email.text ?? '',
    };
  }

  async clear(): Promise<number> {
    const count = this.summaries.size;
    const ids = [...this.summaries.keys()];
    this.summaries.clear();
    await Promise.all(
      ids.flatMap((id) => [
        rm(join(this.dir, `${id}.eml`), { force: true }),
        rm(join(this.dir, `${id}.json`), { force: true }),
      ]),
    );
    return count;
  }
}
