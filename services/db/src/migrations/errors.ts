export type MigrationErrorCode =
  /** A migration failed now; it was rolled back and recorded as failed. */
  | 'MIGRATION_FAILED'
  /** `_prisma_migrations` holds an unresolved failed attempt (Prisma's P3009). */
  | 'PREVIOUS_ATTEMPT_FAILED'
  /** An applied migration's migration.sql was edited afterwards. */
  | 'CHECKSUM_MISMATCH'
  /** The schema and the migrations folder differ (`ferry-db migrate check`). */
  | 'DRIFT';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly code: MigrationErrorCode,
    message: string,
    readonly migration?: string,
  ) {
    super(message);
  }
}
