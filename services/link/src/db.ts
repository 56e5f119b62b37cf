import { closeDatabase, createAdapter } from '@ferry/db';
import { PrismaClient } from './generated/prisma/client.js';

export type { PrismaClient } from './generated/prisma/client.js';

export interface Database {
  prisma: PrismaClient;
  close(): Promise<void>;
}

/** Opens the link database (PostgreSQL or PGlite) and checks that it answers. */
export async function openDatabase(databaseUrl: string): Promise<Database> {
  const prisma = new PrismaClient({ adapter: createAdapter(databaseUrl) });
  await prisma.$queryRaw`SELECT 1`;
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await closeDatabase(databaseUrl);
    },
  };
}
