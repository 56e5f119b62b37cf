import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Store } from './store.js';

/** The maps of the store that are saved, by name. */
const MAPS = [
  'products',
  'prices',
  'customers',
  'paymentMethods',
  'cardBehaviour',
  'checkoutSessions',
  'subscriptions',
  'invoices',
  'taxIds',
  'portalSessions',
  'testClocks',
  'webhookEndpoints',
  'sessionInternals',
] as const;

type Snapshot = Record<(typeof MAPS)[number], Array<[string, unknown]>> & {
  events: unknown[];
  trialWillEndSent: string[];
  version: 1;
};

/** Loads a saved store, or an empty one when the file does not exist yet. */
export function loadStore(file: string | undefined): Store {
  const store = new Store();
  if (!file) return store;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return store;
    throw err;
  }
  const snapshot = JSON.parse(text) as Snapshot;
  for (const name of MAPS) {
    const map = store[name] as Map<string, unknown>;
    for (const [k, v] of snapshot[name] ?? []) map.set(k, v);
  }
  for (const event of snapshot.events as Store['events']) {
    store.events.push(event);
    store.eventsById.set(event.id, event);
  }
  for (const id of snapshot.trialWillEndSent) store.trialWillEndSent.add(id);
  return store;
}

/** Writes the store to `file` whole (a temporary file renamed over it, so a crash never leaves half a file). */
export function saveStore(store: Store, file: string): void {
  const snapshot = { version: 1, events: store.events, trialWillEndSent: [...store.trialWillEndSent] } as Snapshot;
  for (const name of MAPS) snapshot[name] = [...(store[name] as Map<string, unknown>).entries()];
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snapshot));
  renameSync(tmp, file);
}

/** Saves shortly after changes, at most once per `delayMs`, and once more on flush. */
export class SnapshotWriter {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly file: string | undefined,
    private readonly delayMs = 200,
  ) {}

  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.file) saveStore(this.store, this.file);
  }
}
