import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { parseDatabaseUrl } from './database-url.js';
import { closePGlite, openPGlite } from './pglite-registry.js';

/**
 * The Prisma driver adapter for a database URL: `new PrismaClient({ adapter: createAdapter(url) })`.
 * postgresql:// → @prisma/adapter-pg (a pg pool); pglite:///dir or pglite:memory → PGlite in-process.
 */
export function createAdapter(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind === 'postgres') return new PrismaPg({ connectionString: target.url });
  // pglite-prisma-adapter declares its own copy of @prisma/driver-adapter-utils' types.
  return new PrismaPGlite(openPGlite(target.key, target.dataDir)) as unknown as SqlMigrationAwareDriverAdapterFactory;
}

/**
 * Releases what a URL holds in this process beyond PrismaClient.$disconnect(): for PGlite, closes
 * the in-process database (flushing it to disk). No-op for PostgreSQL.
 */
export async function closeDatabase(databaseUrl: string): Promise<void> {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind === 'pglite') await closePGlite(target.key);
}
