import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMemoryPGlite, preparePGliteTemplate } from '../src/pglite-template.js';
import { scratchDir } from './helpers.js';

describe('the saved empty PGlite data folder', () => {
  const dir = scratchDir('template');
  const before = process.env.FERRY_DB_CACHE_DIR;
  beforeAll(() => {
    process.env.FERRY_DB_CACHE_DIR = dir.path;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.FERRY_DB_CACHE_DIR;
    else process.env.FERRY_DB_CACHE_DIR = before;
    dir.remove();
  });
  const template = () => `${dir.path}/${readdirSync(dir.path).find((f) => f.endsWith('-empty.tar.gz'))}`;

  it('is written once, and in-memory databases start from it', async () => {
    await preparePGliteTemplate();
    expect(existsSync(template())).toBe(true);
    const db = newMemoryPGlite();
    expect((await db.query<{ x: number }>('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
    await db.close();
  }, 60_000);

  it('a damaged copy is replaced by the next preparation', async () => {
    const path = template();
    writeFileSync(path, 'not a data folder');
    await preparePGliteTemplate();
    expect(readFileSync(path).length).toBeGreaterThan(1000);
    const db = newMemoryPGlite();
    expect((await db.query<{ x: number }>('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
    await db.close();
  }, 60_000);
});
