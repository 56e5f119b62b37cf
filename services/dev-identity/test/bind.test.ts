import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createIdentityProvider } from '../src/provider.js';

// The stand-in signs anyone in: on one machine only this machine may reach it.
describe('where the identity stand-in listens', () => {
  it('binds 127.0.0.1 unless IDENTITY_HOST says otherwise', async () => {
    const env = {
      IDENTITY_PORT: '0',
      IDENTITY_ISSUER: 'http://localhost:4000',
      IDENTITY_DATA_DIR: '/tmp/x',
      IDENTITY_CLIENTS: '[]',
    };
    expect(loadConfig(env).IDENTITY_HOST).toBe('127.0.0.1');
    expect(loadConfig({ ...env, IDENTITY_HOST: '0.0.0.0' }).IDENTITY_HOST).toBe('0.0.0.0');

    const dataDir = mkdtempSync(join(tmpdir(), 'dev-identity-bind-'));
    const idp = createIdentityProvider({ dataDir, clients: [], logger: pino({ level: 'silent' }) });
    try {
      await idp.listen(0);
      expect((idp.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await idp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
