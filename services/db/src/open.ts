import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { closeDatabase, createAdapter } from './adapter.js';

/** What a service's generated PrismaClient offers that opening and closing need. */
export interface PrismaClientLike {
  $queryRawUnsafe(query: string): Promise<unknown>;
  $disconnect(): Promise<void>;
}

/** A service's database: its Prisma client, and a close that also releases an embedded PGlite. */
export interface PrismaDatabase<Client extends PrismaClientLike> {
  prisma: Client;
  close(): Promise<void>;
}

/** Opens a service's generated PrismaClient over PostgreSQL or PGlite and checks that it answers. */
export async function openPrismaDatabase<Client extends PrismaClientLike>(
  PrismaClient: new (options: { adapter: SqlMigrationAwareDriverAdapterFactory }) => Client,
  databaseUrl: string,
): Promise<PrismaDatabase<Client>> {
  const prisma = new PrismaClient({ adapter: createAdapter(databaseUrl) });
  await prisma.$queryRawUnsafe('SELECT 1');
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await closeDatabase(databaseUrl);
    },
  };
}
