import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir } from '../src/config-dir';
import { type StoredToken, TokenStore } from '../src/token-store';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'ferry-send-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const token: StoredToken = {
  issuer: 'http://localhost:4000',
  clientId: 'ferry-send',
  accessToken: 'at-1',
  refreshToken: 'rt-1',
  expiresAt: 1_900_000_000_000,
  email: 'ada@example.com',
};

describe('TokenStore', () => {
  it('saves the token owner-only (0600) in a 0700 folder and loads it back', async () => {
    const store = new TokenStore(join(base, 'ferry'));
    await store.save(token);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    expect((await stat(store.dir)).mode & 0o777).toBe(0o700);
    expect(await store.load(token.issuer, token.clientId)).toEqual(token);
  });

  it('tightens a token file that was readable by others', async () => {
    const store = new TokenStore(base);
    await writeFile(store.path, '{}', { mode: 0o644 });
    await store.save(token);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual(token);
  });

  it('has nothing for another provider or client, a broken file, or after clear', async () => {
    const store = new TokenStore(base);
    expect(await store.load(token.issuer, token.clientId)).toBeUndefined();
    await store.save(token);
    expect(await store.load('https://accounts.google.com', token.clientId)).toBeUndefined();
    expect(await store.load(token.issuer, 'other')).toBeUndefined();
    await writeFile(store.path, '{"issuer": 1');
    expect(await store.load(token.issuer, token.clientId)).toBeUndefined();
    await writeFile(store.path, JSON.stringify({ ...token, accessToken: 42 }));
    expect(await store.load(token.issuer, token.clientId)).toBeUndefined();
    await store.save(token);
    await store.clear();
    expect(await store.load(token.issuer, token.clientId)).toBeUndefined();
  });
});

describe('configDir', () => {
  it("is the OS's usual config folder", () => {
    expect(configDir({}, 'linux', '/home/ada')).toBe('/home/ada/.config/ferry');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/ferry');
    expect(configDir({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/ada')).toBe('/home/ada/.config/ferry');
    expect(configDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/ferry');
    expect(configDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toMatch(
      /AppData.Roaming.ferry$/,
    );
  });
});
