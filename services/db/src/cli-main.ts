import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, UsageError, type ParsedArgs } from './cli-args.js';
import { generateClient } from './generate.js';
import { applyMigrations, type MigrationLogger } from './migrations/apply.js';
import { MigrationError } from './migrations/errors.js';
import { SERVICE_PRISMA_CONFIG_SOURCE } from './prisma-config.js';

const USAGE = `Usage (run inside a service folder that has prisma/schema.prisma):
  ferry-db generate                         prisma generate, offline
  ferry-db migrate create <name>            write prisma/migrations/<timestamp>_<name>/ from the schema diff
  ferry-db migrate apply [--url <url>] [--url-env <NAME>]
                                            apply pending migrations (default URL: $NAME, else $DATABASE_URL)
  ferry-db migrate check                    exit 1 and print the SQL when migrations and schema.prisma differ
  ferry-db init-config                      write the standard prisma.config.ts if it is missing
Options: --schema <file> (default prisma/schema.prisma), --migrations <dir> (default prisma/migrations)`;

const VALUE_FLAGS = ['url', 'url-env', 'schema', 'migrations'] as const;

export interface CliContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultContext = (): CliContext => ({
  cwd: process.cwd(),
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

/** Runs one ferry-db command and returns its exit code (0 ok, 1 failure or drift, 2 usage). */
export async function runCli(argv: string[], context: Partial<CliContext> = {}): Promise<number> {
  const ctx = { ...defaultContext(), ...context };
  try {
    return await dispatch(argv, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.err(`ferry-db: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    ctx.err(`ferry-db: ${describeError(error, Boolean(ctx.env.FERRY_DB_DEBUG))}`);
    return 1;
  }
}

function describeError(error: unknown, withStack: boolean): string {
  if (!(error instanceof Error)) return String(error);
  if (withStack && error.stack) return error.stack;
  // MigrationError messages are written for the reader; others get their kind (e.g. SchemaConnectorError).
  return error instanceof MigrationError ? error.message : `${error.name}: ${error.message}`;
}

async function dispatch(argv: string[], ctx: CliContext): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
    ctx.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const logger: MigrationLogger = {
    info: (obj, msg) => ctx.out(JSON.stringify({ level: 'info', time: Date.now(), name: 'ferry-db', ...obj, msg })),
    warn: (obj, msg) => ctx.out(JSON.stringify({ level: 'warn', time: Date.now(), name: 'ferry-db', ...obj, msg })),
  };
  const args = parseArgs(argv, VALUE_FLAGS);
  const [command, sub, ...rest] = args.positionals;
  const serviceDir = ctx.cwd;
  const schemaPath = resolve(serviceDir, args.options.get('schema') ?? 'prisma/schema.prisma');
  const migrationsDir = resolve(serviceDir, args.options.get('migrations') ?? 'prisma/migrations');

  switch (command) {
    case 'generate':
      await generateClient(serviceDir, [], ctx.env);
      return 0;
    case 'init-config': {
      const file = resolve(serviceDir, 'prisma.config.ts');
      if (existsSync(file)) ctx.out(`${file} exists, left as is`);
      else writeFileSync(file, SERVICE_PRISMA_CONFIG_SOURCE);
      return 0;
    }
    case 'migrate':
      switch (sub) {
        case 'apply': {
          const { applied } = await applyMigrations({
            migrationsDir,
            databaseUrl: databaseUrlFrom(args, ctx.env),
            logger,
          });
          ctx.out(
            applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'No pending migrations.',
          );
          return 0;
        }
        case 'create': {
          const name = rest[0];
          if (!name) throw new UsageError('migrate create needs a name');
          const { createMigration } = await import('./migrations/create.js');
          const created = await createMigration({ schemaPath, migrationsDir, name });
          ctx.out(
            created
              ? `Created ${created.folder}/migration.sql:\n\n${created.sql}`
              : 'No changes: the migrations already produce schema.prisma.',
          );
          return 0;
        }
        case 'check': {
          const { checkMigrations } = await import('./migrations/create.js');
          const drift = await checkMigrations({ schemaPath, migrationsDir });
          if (drift === null) {
            ctx.out('Migrations match schema.prisma.');
            return 0;
          }
          ctx.err(`Drift: ${migrationsDir} does not produce ${schemaPath}. Missing SQL:\n\n${drift}`);
          ctx.err('Run `ferry-db migrate create <name>` to add a migration.');
          return 1;
        }
      }
      throw new UsageError(`Unknown migrate command "${sub ?? ''}"`);
  }
  throw new UsageError(`Unknown command "${command ?? ''}"`);
}

function databaseUrlFrom(args: ParsedArgs, env: NodeJS.ProcessEnv): string {
  const explicit = args.options.get('url');
  if (explicit) return explicit;
  const envName = args.options.get('url-env') ?? 'DATABASE_URL';
  const url = env[envName];
  if (!url) throw new UsageError(`No database URL: pass --url or set ${envName}`);
  return url;
}
