import type { SqlSession } from '../sql-connection.js';

/** Prisma's migration history table, column for column, so `prisma migrate deploy/status` read it too. */
export const CREATE_HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface HistoryRow extends Record<string, unknown> {
  id: string;
  checksum: string;
  finished_at: Date | string | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | string | null;
  started_at: Date | string;
  applied_steps_count: number;
}

export async function readHistory(db: SqlSession): Promise<HistoryRow[]> {
  return db.query<HistoryRow>('SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name');
}
