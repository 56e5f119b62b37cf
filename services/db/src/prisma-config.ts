import { defineConfig, type PrismaConfig } from 'prisma/config';
import { offlinePrismaEnv } from './prisma-engine.js';

/**
 * The prisma.config.ts of every Ferry service:
 *
 *   import { servicePrismaConfig } from '@ferry/db/config';
 *   export default servicePrismaConfig();
 *
 * Standard layout (paths relative to the config file): prisma/schema.prisma, prisma/migrations.
 * No datasource URL: services connect through driver adapters (createAdapter) and migrate with
 * `ferry-db migrate apply`. Loading it also makes a plain `prisma generate` work offline.
 */
export function servicePrismaConfig(overrides: Partial<PrismaConfig> = {}): PrismaConfig {
  const env = offlinePrismaEnv();
  if (env.PRISMA_SCHEMA_ENGINE_BINARY && !process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
    process.env.PRISMA_SCHEMA_ENGINE_BINARY = env.PRISMA_SCHEMA_ENGINE_BINARY;
  }
  return defineConfig({ schema: 'prisma/schema.prisma', migrations: { path: 'prisma/migrations' }, ...overrides });
}

/** The file content `ferry-db init-config` writes. */
export const SERVICE_PRISMA_CONFIG_SOURCE = `import { servicePrismaConfig } from '@ferry/db/config';

export default servicePrismaConfig();
`;
