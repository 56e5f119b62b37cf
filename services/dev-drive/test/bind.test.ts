import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createDriveServer } from '../src/server.js';

// The stand-in serves fault injection (/__admin/): on one machine only this machine may reach it.
describe('where the Drive stand-in listens', () => {
  it('binds 127.0.0.1 unless DRIVE_HOST says otherwise', async () => {
    const env = {
      DRIVE_PORT: '0',
      DRIVE_DATA_DIR: '/tmp/x',
      DRIVE_INTROSPECTION_URL: 'http://127.0.0.1:4000/token/introspection',
      DRIVE_INTROSPECTION_CLIENT_ID: 'ferry-drive',
      DRIVE_INTROSPECTION_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(env).DRIVE_HOST).toBe('127.0.0.1');
    expect(loadConfig({ ...env, DRIVE_HOST: '0.0.0.0' }).DRIVE_HOST).toBe('0.0.0.0');

    const dataDir = mkdtempSync(join(tmpdir(), 'dev-drive-bind-'));
    const drive = createDriveServer({
      dataDir,
      auth: {
        url: env.DRIVE_INTROSPECTION_URL,
        clientId: 'ferry-drive',
        clientSecret: 'secret',
        cacheSeconds: 30,
        clientApps: {},
      },
      quotaBytes: null,
      scanThresholdBytes: 1024,
      adminEnabled: true,
      logger: pino({ level: 'silent' }),
    });
    try {
      await drive.listen(0);
      expect((drive.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await drive.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
