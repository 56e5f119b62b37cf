import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageStore } from '../src/store.js';

const raw = Buffer.from(
  'From: Ferry <no-reply@ferry.test>\r\nTo: bob@example.com\r\nSubject: Spooled\r\nMessage-ID: <spool-1@ferry.test>\r\n\r\nbody\r\n',
);

describe('message store', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has the raw message on disk when spool returns, and lists it once indexed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-mail-store-'));
    const store = await MessageStore.open(dir);
    const { id, indexed } = store.spool(raw, { from: 'no-reply@ferry.test', to: ['bob@example.com'] });
    expect(await readdir(dir)).toContain(`${id}.eml`);
    await store.settled();
    expect(store.list().map((m) => m.id)).toEqual([id]);
    expect((await indexed).subject).toBe('Spooled');
  });

  it('indexes at start a message that was spooled but not indexed when it stopped', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-mail-store-'));
    const id = `${Date.now()}-0b9f3c2e-4a55-4f62-9a3e-6f0d4b8e1c27`;
    await writeFile(join(dir, `${id}.eml`), raw);
    const store = await MessageStore.open(dir);
    expect(store.list()).toMatchObject([
      { id, subject: 'Spooled', messageId: '<spool-1@ferry.test>', envelope: { to: ['bob@example.com'] } },
    ]);
  });
});
