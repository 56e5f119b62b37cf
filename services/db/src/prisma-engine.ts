import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The executable that stands in for Prisma's Rust schema-engine (see assets/schema-engine-stub). */
export const SCHEMA_ENGINE_STUB = fileURLToPath(new URL('../assets/schema-engine-stub', import.meta.url));

/** Prisma CLI's entry point, from the `prisma` package @ferry/db depends on. */
export function prismaCliPath(): string {
  return join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
}

/** True when @prisma/engines holds a downloaded schema-engine (machines that can reach Prisma's host). */
export function realSchemaEngineInstalled(): boolean {
  try {
    const prismaRequire = createRequire(require.resolve('prisma/package.json'));
    const enginesDir = dirname(prismaRequire.resolve('@prisma/engines/package.json'));
    return existsSync(enginesDir) && readdirSync(enginesDir).some((file) => file.startsWith('schema-engine-'));
  } catch {
    return false;
  }
}

/**
 * Environment for running the Prisma CLI offline: points PRISMA_SCHEMA_ENGINE_BINARY at the stub unless
 * the caller set it or a real engine exists, and turns off Prisma's network calls (update check, telemetry).
 */
export function offlinePrismaEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !realSchemaEngineInstalled())
    env.PRISMA_SCHEMA_ENGINE_BINARY = SCHEMA_ENGINE_STUB;
  return env;
}
