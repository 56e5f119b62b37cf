import { openPrismaDatabase, type PrismaDatabase } from '@ferry/db';
import { PrismaClient } from './generated/prisma/client.js';

export type { PrismaClient } from './generated/prisma/client.js';

export type Database = PrismaDatabase<PrismaClient>;

/** Opens the notification database (PostgreSQL or PGlite) and checks that it answers. */
export function openDatabase(databaseUrl: string): Promise<Database> {
  return openPrismaDatabase(PrismaClient, databaseUrl);
}
