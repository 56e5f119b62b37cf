import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { scratchPGlite } from './scratch-pglite.js';

let wasmReady: Promise<void> | undefined;

// The ES2023 lib has no WebAssembly types; this is the part used here.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

/**
 * Instantiates the schema engine's .wasm by hand: its JS entry uses a WebAssembly ESM import, which
 * Node does not load without flags. Done once per process.
 */
function loadSchemaEngineWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

/**
 * Serves the schema engine one PGlite database as both its main and shadow database. For diffs it is
 * a throw-away scratch database: the main connection is only asked for the server version and the
 * diff replays the migrations on the shadow (sharing saves one 2-4 s PGlite start; each engine does
 * one diff). Tests also point it at a real database to check Prisma's own view of the history.
 *
 * pglite-prisma-adapter 0.7.2's executeScript does not await PGlite.exec, so a broken migration
 * would pass silently: it is replaced by one that awaits and reports the error.
 */
class PGliteEngineFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName = 'ferry-db-pglite';
  private db: Promise<PGlite> | undefined;

  constructor(private readonly given?: PGlite) {}

  connect(): Promise<SqlDriverAdapter> {
    return this.adapter();
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.adapter();
  }

  /** Closes the scratch database (a given database stays open: it belongs to the caller). */
  async close(): Promise<void> {
    if (this.given) return;
    const db = await this.db?.catch(() => undefined);
    if (db && !db.closed) await db.close();
  }

  private async adapter(): Promise<SqlDriverAdapter> {
    this.db ??= this.given ? Promise.resolve(this.given) : scratchPGlite();
    const db = await this.db;
    const adapter = (await new PrismaPGlite(db).connect()) as unknown as SqlDriverAdapter & { onError(e: unknown): never };
    adapter.executeScript = async (script: string) => {
      try {
        await db.exec(script);
      } catch (error) {
        adapter.onError(error);
      }
    };
    // The database outlives each connection; close() ends it.
    adapter.dispose = async () => {};
    return adapter;
  }
}

/**
 * Runs `work` with a fresh schema engine over a scratch PGlite (or over `database`), and frees the
 * engine and the scratch database afterwards.
 */
export async function withSchemaEngine<T>(
  schema: { path: string; content: string },
  work: (engine: SchemaEngine) => Promise<T>,
  database?: PGlite,
): Promise<T> {
  await loadSchemaEngineWasm();
  const factory = new PGliteEngineFactory(database);
  try {
    const engine = await glue.SchemaEngine.new(
      { datamodels: [[schema.path, schema.content]] },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await work(engine);
    } finally {
      engine.free();
    }
  } finally {
    await factory.close();
  }
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

export type { MigrationList };
