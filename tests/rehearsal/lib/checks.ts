import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { downloadCount, type FerryEndpoints } from '../../load/lib/fixtures.ts';
import { patiently } from '../../load/lib/patiently.ts';
import { mailInbox, type InboxMessage } from '../../support/inbox.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function pool<T>(n: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

export interface CountCheck {
  served302: number;
  persisted: number;
  /** Milliseconds after the load ended until the persisted counts stopped changing. */
  settledAfterMs: number;
  perSlug: number[];
}

/**
 * Polls the persisted counts of every slug until their sum reaches the 302s served and stays there
 * (a late duplicate would show as an excess), or stops changing for `quietMs`, or `maxMs` passed.
 */
export async function persistedCounts(
  ep: FerryEndpoints,
  slugs: string[],
  served302: number,
  loadEndedAt: number,
  maxMs = 120_000,
  quietMs = 10_000,
): Promise<CountCheck> {
  const read = () => pool(slugs.length, 16, (i) => patiently(() => downloadCount(ep, slugs[i]!)));
  const until = Date.now() + maxMs;
  let perSlug = await read();
  let sum = perSlug.reduce((a, b) => a + b, 0);
  let changedAt = Date.now();
  while (Date.now() < until) {
    await sleep(1_000);
    const now = await read();
    const nowSum = now.reduce((a, b) => a + b, 0);
    if (nowSum !== sum) changedAt = Date.now();
    perSlug = now;
    sum = nowSum;
    const quietFor = Date.now() - changedAt;
    if (sum === served302 && quietFor >= 2_000) break;
    if (quietFor >= quietMs) break;
  }
  return { served302, persisted: sum, settledAfterMs: Math.max(0, changedAt - loadEndedAt), perSlug };
}

export interface MailCheck {
  expected: number;
  sentOnce: number;
  missing: string[];
  /** Files with more than one notice, and whether the copies carry one Message-ID (a receiver can drop them). */
  repeated: Array<{ file: string; times: number; sameMessageId: boolean }>;
  /** Notices for files that were never downloaded. */
  unexpected: string[];
}

/**
 * Every file downloaded at least once gets exactly one first-download notice (subject
 * "<file> was downloaded for the first time"), read from the mail stand-in's JSON API. Waits up to
 * `maxMs` for the relay to catch up.
 */
export async function firstDownloadMails(
  inboxUrl: string,
  owner: string,
  downloadedFiles: Set<string>,
  maxMs = 120_000,
  quietMs = 10_000,
): Promise<MailCheck> {
  const inbox = mailInbox(inboxUrl);
  const suffix = ' was downloaded for the first time';
  const messageIds = new Map<string, Set<string>>();
  const tally = async () => {
    const times = new Map<string, number>();
    messageIds.clear();
    // The JSON API's summaries also carry each mail's Message-ID.
    for (const m of (await inbox.mailsTo(owner)) as Array<InboxMessage & { messageId?: string }>)
      if (m.subject.endsWith(suffix)) {
        const file = m.subject.slice(0, -suffix.length);
        times.set(file, (times.get(file) ?? 0) + 1);
        messageIds.set(file, (messageIds.get(file) ?? new Set()).add(m.messageId ?? m.id));
      }
    return times;
  };
  const until = Date.now() + maxMs;
  let times = await tally();
  let total = [...times.values()].reduce((a, b) => a + b, 0);
  let changedAt = Date.now();
  while (Date.now() < until) {
    const complete = [...downloadedFiles].every((f) => times.has(f));
    if (complete && Date.now() - changedAt >= 3_000) break;
    if (Date.now() - changedAt >= quietMs) break;
    await sleep(1_000);
    times = await tally();
    const now = [...times.values()].reduce((a, b) => a + b, 0);
    if (now !== total) changedAt = Date.now();
    total = now;
  }
  return {
    expected: downloadedFiles.size,
    sentOnce: [...downloadedFiles].filter((f) => times.get(f) === 1).length,
    missing: [...downloadedFiles].filter((f) => !times.has(f)),
    repeated: [...times]
      .filter(([, n]) => n > 1)
      .map(([file, n]) => ({ file, times: n, sameMessageId: messageIds.get(file)?.size === 1 })),
    unexpected: [...times.keys()].filter((f) => !downloadedFiles.has(f)),
  };
}

export interface ExtendCheck {
  before: string;
  after: string;
  /** Milliseconds the extend itself took to be answered. */
  answeredAfterMs: number;
  /** Milliseconds from the extend's answer until the other gateway answered the new expiry (null: not within the wait). */
  seenAfterMs: number | null;
}

async function expiryOn(gatewayUrl: string, slug: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}/api/s?slug=${slug}&meta=1`);
  if (!res.ok) throw new Error(`meta of ${slug} on ${gatewayUrl}: ${res.status}`);
  return ((await res.json()) as { expiresAt: string }).expiresAt;
}

/** Extends a link on one gateway and polls the other, whose cache holds the link, for the new expiry. */
export async function extendSeenByOther(
  extendOn: string,
  seenOn: string,
  token: string,
  slug: string,
  waitMs = 5_000,
): Promise<ExtendCheck> {
  const before = await expiryOn(seenOn, slug); // now cached on that gateway
  const sent = Date.now();
  const res = await fetch(`${extendOn}/api/shorten`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug }),
  });
  if (!res.ok) throw new Error(`extend of ${slug}: ${res.status} ${await res.text()}`);
  const after = ((await res.json()) as { expiresAt: string }).expiresAt;
  const answered = Date.now();
  while (Date.now() - answered < waitMs) {
    if ((await expiryOn(seenOn, slug)) === after)
      return { before, after, answeredAfterMs: answered - sent, seenAfterMs: Date.now() - answered };
    await sleep(20);
  }
  return { before, after, answeredAfterMs: answered - sent, seenAfterMs: null };
}

/** GET /api/d/{slug} from a given loopback source address (one "client"), straight to one gateway. */
function statusFrom(localAddress: string, gatewayPort: number, slug: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: gatewayPort, path: `/api/d/${slug}`, localAddress, agent: false });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface NotFoundCheck {
  budget: number;
  /** Statuses of client A's misses, alternating between the gateways. */
  missesAnswered: Record<string, number>;
  /** Client A after its budget: a miss, then an existing link on each gateway. */
  overBudget: { miss: number; existingOnEach: number[] };
  /** Client B meanwhile: an existing link and a miss on each gateway. */
  otherClient: { existingOnEach: number[]; missOnEach: number[] };
}

const missingSlug = () => `zz${randomBytes(6).toString('hex')}`;

/**
 * Client A (127.0.0.2) spends its not-found budget alternating between the gateways, then is
 * refused on both, also for a link that exists; client B (127.0.0.3) is not touched. The gateways
 * see these sockets' own addresses (they are not the trusted load balancer).
 */
export async function sharedNotFoundLimit(
  gatewayPorts: number[],
  existingSlug: string,
  budget = 30,
): Promise<NotFoundCheck> {
  const a = '127.0.0.2';
  const b = '127.0.0.3';
  const missesAnswered: Record<string, number> = {};
  for (let i = 0; i < budget; i++) {
    const status = await statusFrom(a, gatewayPorts[i % gatewayPorts.length]!, missingSlug());
    missesAnswered[String(status)] = (missesAnswered[String(status)] ?? 0) + 1;
  }
  const miss = await statusFrom(a, gatewayPorts[budget % gatewayPorts.length]!, missingSlug());
  // The other gateways learn of the block by announcement (Redis pub/sub): allow them a moment.
  const existingOnEach: number[] = [];
  for (const port of gatewayPorts) {
    let status = await statusFrom(a, port, existingSlug);
    for (let k = 0; status !== 429 && k < 50; k++) {
      await sleep(20);
      status = await statusFrom(a, port, existingSlug);
    }
    existingOnEach.push(status);
  }
  const otherExisting: number[] = [];
  const otherMiss: number[] = [];
  for (const port of gatewayPorts) {
    otherExisting.push(await statusFrom(b, port, existingSlug));
    otherMiss.push(await statusFrom(b, port, missingSlug()));
  }
  return {
    budget,
    missesAnswered,
    overBudget: { miss, existingOnEach },
    otherClient: { existingOnEach: otherExisting, missOnEach: otherMiss },
  };
}
