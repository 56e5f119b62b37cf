import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@ferry/testkit';
import { applyMigrations, closeDatabase, createAdapter } from '../src/index.js';
import { Prisma, PrismaClient } from './fixtures/service/src/generated/prisma/client.js';
import { fixtureMigrationsDir, scratchDir } from './helpers.js';

interface Target {
  name: string;
  open(): Promise<{ url: string; dispose(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PostgreSQL',
    open: async () => {
      const db: TestDatabase = await createTestDatabase('ferry_db_adapter');
      return { url: db.url, dispose: () => db.drop() };
    },
  },
  {
    name: 'PGlite (persistent folder)',
    open: async () => {
      const dir = scratchDir('pglite');
      const url = `pglite://${dir.path}/data`;
      const dispose = async () => {
        await closeDatabase(url);
        await dir.remove();
      };
      return { url, dispose };
    },
  },
];

describe.each(targets)('createAdapter on $name', (target) => {
  let url: string;
  let dispose: () => Promise<void>;
  let prisma: PrismaClient;

  beforeAll(async () => {
    ({ url, dispose } = await target.open());
    await applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: url });
    prisma = new PrismaClient({ adapter: createAdapter(url) });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await dispose?.();
  });

  it('creates, reads, updates and deletes rows', async () => {
    const created = await prisma.user.create({ data: { email: 'ada@example.com', name: 'Ada' } });
    expect(created.id).toBeGreaterThan(0);
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(await prisma.user.findUnique({ where: { email: 'ada@example.com' } })).toMatchObject({ name: 'Ada' });
    await prisma.user.update({ where: { id: created.id }, data: { name: 'Ada L.' } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: created.id } })).name).toBe('Ada L.');
    await prisma.user.delete({ where: { id: created.id } });
    expect(await prisma.user.count({ where: { id: created.id } })).toBe(0);
  });

  it('commits a transaction and rolls one back on error', async () => {
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email: 'tx-ok@example.com' } });
      await tx.counter.create({ data: { id: 'tx-ok' } });
    });
    expect(await prisma.user.count({ where: { email: 'tx-ok@example.com' } })).toBe(1);

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { email: 'tx-rolled-back@example.com' } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await prisma.user.count({ where: { email: 'tx-rolled-back@example.com' } })).toBe(0);
  });

  it('reports a unique violation as P2002', async () => {
    await prisma.user.create({ data: { email: 'dup@example.com' } });
    const error = await prisma.user.create({ data: { email: 'dup@example.com' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((error as Prisma.PrismaClientKnownRequestError).code).toBe('P2002');
  });

  it('keeps 100 concurrent increments', async () => {
    await prisma.counter.create({ data: { id: 'hits' } });
    await Promise.all(
      Array.from({ length: 100 }, () =>
        prisma.counter.update({ where: { id: 'hits' }, data: { value: { increment: 1 } } }),
      ),
    );
    expect((await prisma.counter.findUniqueOrThrow({ where: { id: 'hits' } })).value).toBe(100);
  });
});

describe('createAdapter on PGlite', () => {
  it('keeps a persistent folder across reopen', async () => {
    const dir = scratchDir('pglite-reopen');
    const url = `pglite://${dir.path}/nested/data`;
    try {
      await applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: url });
      const first = new PrismaClient({ adapter: createAdapter(url) });
      await first.user.create({ data: { email: 'kept@example.com' } });
      await first.$disconnect();
      await closeDatabase(url);

      const second = new PrismaClient({ adapter: createAdapter(url) });
      expect(await second.user.count()).toBe(1);
      await second.$disconnect();
    } finally {
      await closeDatabase(url);
      dir.remove();
    }
  });

  it('serves pglite:memory databases, one per name', async () => {
    const a = 'pglite:memory:a';
    const b = 'pglite:memory:b';
    try {
      await applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: a });
      await applyMigrations({ migrationsDir: fixtureMigrationsDir, databaseUrl: b });
      const clientA = new PrismaClient({ adapter: createAdapter(a) });
      const clientB = new PrismaClient({ adapter: createAdapter(b) });
      await clientA.user.create({ data: { email: 'only-in-a@example.com' } });
      expect(await clientA.user.count()).toBe(1);
      expect(await clientB.user.count()).toBe(0);
      await Promise.all([clientA.$disconnect(), clientB.$disconnect()]);
    } finally {
      await Promise.all([closeDatabase(a), closeDatabase(b)]);
    }
  });

  it('rejects URLs it does not know', () => {
    expect(() => createAdapter('mysql://x')).toThrow(/Unsupported database URL/);
    expect(() => createAdapter('pglite:relative/dir')).toThrow(/Unsupported database URL/);
    expect(() => createAdapter('pglite://host/dir')).toThrow(/three slashes/);
  });
});
