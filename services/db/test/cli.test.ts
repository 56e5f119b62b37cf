import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@ferry/testkit';
import { copyFixtureService, packageDir, scratchDir } from './helpers.js';

const run = promisify(execFile);
const cli = join(packageDir, 'dist/cli.js');

/** Runs the shipped bin in `cwd`; resolves with the exit code and output instead of throwing. */
async function ferryDb(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('ferry-db bin', () => {
  it('ships as an executable ESM script with a node shebang', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    // The bin is a committed file (npm links it at install time, before dist/ exists) that runs dist/cli.js.
    expect(pkg.bin['ferry-db']).toBe('./bin/ferry-db.js');
    const bin = readFileSync(join(packageDir, 'bin', 'ferry-db.js'), 'utf8');
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin).toContain("import('../dist/cli.js')");
  });

  it('generate writes a client that tsc compiles with module NodeNext', async () => {
    const service = copyFixtureService({ withMigrations: false });
    cleanups.push(() => service.remove());
    const result = await ferryDb(service.path, ['generate'], { PRISMA_SCHEMA_ENGINE_BINARY: '' });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(service.path, 'src/generated/prisma/client.ts'))).toBe(true);

    writeFileSync(
      join(service.path, 'src/main.ts'),
      `import { PrismaClient, type User } from './generated/prisma/client.js';\n` +
        `import { createAdapter } from '@ferry/db';\n` +
        `export const prisma = new PrismaClient({ adapter: createAdapter('pglite:memory') });\n` +
        `export const first = (): Promise<User | null> => prisma.user.findFirst();\n`,
    );
    writeFileSync(
      join(service.path, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../../../tsconfig.base.json',
        compilerOptions: { noEmit: true, types: ['node'] },
        include: ['src'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const compiled = await run(process.execPath, [tsc, '-p', service.path]).catch((e: { stdout: string }) => e);
    expect('stdout' in compiled ? compiled.stdout : '').toBe('');
  });

  it('migrate apply takes the URL from --url-env and applies once', async () => {
    const db = await createTestDatabase('ferry_db_cli');
    cleanups.push(() => db.drop());
    const service = copyFixtureService({ withMigrations: true });
    cleanups.push(() => service.remove());

    const first = await ferryDb(service.path, ['migrate', 'apply', '--url-env', 'LINK_DATABASE_URL'], {
      LINK_DATABASE_URL: db.url,
    });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Applied 1 migration(s): 20260101000000_init');
    const second = await ferryDb(service.path, ['migrate', 'apply', '--url', db.url]);
    expect(second.stdout).toContain('No pending migrations.');
  });

  it('init-config writes the standard prisma.config.ts once', async () => {
    const dir = scratchDir('init-config');
    cleanups.push(() => dir.remove());
    expect((await ferryDb(dir.path, ['init-config'])).code).toBe(0);
    const { readFileSync } = await import('node:fs');
    const written = readFileSync(join(dir.path, 'prisma.config.ts'), 'utf8');
    expect(written).toBe(readFileSync(join(packageDir, 'test/fixtures/service/prisma.config.ts'), 'utf8'));
    writeFileSync(join(dir.path, 'prisma.config.ts'), '// custom\n');
    expect((await ferryDb(dir.path, ['init-config'])).stdout).toContain('left as is');
    expect(readFileSync(join(dir.path, 'prisma.config.ts'), 'utf8')).toBe('// custom\n');
  });

  it('rejects unknown commands with usage', async () => {
    const result = await ferryDb(packageDir, ['migrate', 'frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage');
  });

  it('fails with a clear message when no URL is given', async () => {
    const service = copyFixtureService({ withMigrations: true });
    cleanups.push(() => service.remove());
    const result = await ferryDb(service.path, ['migrate', 'apply', '--url-env', 'FERRY_UNSET_URL'], {
      FERRY_UNSET_URL: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No database URL: pass --url or set FERRY_UNSET_URL');
  });
});
