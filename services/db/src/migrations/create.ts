export interface CreateMigrationOptions {
  schemaPath: string;
  migrationsDir: string;
  name: string;
}

export async function createMigration(_options: CreateMigrationOptions): Promise<{ folder: string } | null> {
  throw new Error('ferry-db migrate create: not implemented yet');
}

export async function checkMigrations(_options: { schemaPath: string; migrationsDir: string }): Promise<string | null> {
  throw new Error('ferry-db migrate check: not implemented yet');
}
