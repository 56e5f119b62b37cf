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
import { scratchPGlite } from '../pglite-template.js';

let wasmReady: Promise<void> | undefined;

// The ES2023 lib has no WebAssembly types; this is the part used here.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

/**
 * The engine arms timeouts (setTimeout) it never clears, which kept `ferry-db migrate create`
 * alive for a minute after finishing. Its timers are tracked and cleared once no engine is running.
 */
const engineTimers = new Set<ReturnType<typeof setTimeout>>();
let runningEngines = 0;

function trackedSetTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => {
    engineTimers.delete(timer);
    callback();
  }, ms >>> 0);
  engineTimers.add(timer);
  return timer;
}

/**
 * Instantiates the schema engine's .wasm by hand: its JS entry uses a WebAssembly ESM import, which
 * Node does not load without flags. Done once per process.
 */
function loadSchemaEngineWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const imports: Record<string, unknown> = { ...glue };
    for (const name of Object.keys(imports)) {
      if (name.startsWith('__wbg_setTimeout_')) imports[name] = trackedSetTimeout;
    }
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { './schema_engine_bg.js': imports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

/**
 * Which PGlite databases the engine gets:
 * - `scratch-shared`: one throw-away database as both main and shadow. For `diff` only: the main
 *   connection is merely asked for the server version and the diff replays the migrations on the
 *   shadow (saves a PGlite start; each engine does one diff).
 * - `scratch`: a throw-away main database plus a fresh throw-away shadow per request, as
 *   `prisma migrate dev` needs (applyMigrations → devDiagnostic → evaluateDataLoss → createMigration).
 * - a PGlite instance: that database as main (tests use it to read a history as Prisma does).
 */
export type EngineDatabase = 'scratch-shared' | 'scratch' | PGlite;

/**
 * pglite-prisma-adapter 0.7.2's executeScript does not await PGlite.exec, so a broken migration
 * would pass silently: it is replaced by one that awaits and reports the error.
 */
class PGliteEngineFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName = 'ferry-db-pglite';
  private main: Promise<PGlite> | undefined;
  private mainAdapter: Promise<SqlDriverAdapter> | undefined;
  private readonly owned: Promise<PGlite>[] = [];

  constructor(private readonly database: EngineDatabase) {}

  connect(): Promise<SqlDriverAdapter> {
    // One adapter (one connection) for the main database, however often the engine connects.
    this.mainAdapter ??= this.adapterOver(this.mainDb());
    return this.mainAdapter;
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.adapterOver(this.database === 'scratch-shared' ? this.mainDb() : this.scratch());
  }

  /** Closes the throw-away databases (a given database stays open: it belongs to the caller). */
  async close(): Promise<void> {
    const dbs = await Promise.all(this.owned.map((db) => db.catch(() => undefined)));
    await Promise.all(dbs.map((db) => (db && !db.closed ? db.close() : undefined)));
  }

  private mainDb(): Promise<PGlite> {
    this.main ??= typeof this.database === 'string' ? this.scratch() : Promise.resolve(this.database);
    return this.main;
  }

  private scratch(): Promise<PGlite> {
    const db = scratchPGlite();
    this.owned.push(db);
    return db;
  }

  private async adapterOver(database: Promise<PGlite>): Promise<SqlDriverAdapter> {
    const db = await database;
    const adapter = (await new PrismaPGlite(db).connect()) as unknown as SqlDriverAdapter & {
      onError(e: unknown): never;
    };
    adapter.executeScript = async (script: string) => {
      try {
        await db.exec(script);
      } catch (error) {
        adapter.onError(error);
      }
    };
    // Databases outlive connections; close() ends the throw-away ones.
    adapter.dispose = async () => {};
    return adapter;
  }
}

/** Runs `work` with a fresh schema engine over PGlite, and frees the engine and throw-away databases afterwards. */
export async function withSchemaEngine<T>(
  schema: { path: string; content: string },
  work: (engine: SchemaEngine) => Promise<T>,
  database: EngineDatabase = 'scratch-shared',
): Promise<T> {
  await loadSchemaEngineWasm();
  const factory = new PGliteEngineFactory(database);
  runningEngines++;
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
    if (--runningEngines === 0) {
      for (const timer of engineTimers) clearTimeout(timer);
      engineTimers.clear();
    }
  }
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

export type { MigrationList };
