import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drive, auth as googleAuth, type drive_v3 } from '@googleapis/drive';
import { pino } from 'pino';
import { createDriveServer, type DriveServer, type DriveServerConfig } from '../../src/index.js';

export const DRIVE_FILE = 'https://www.googleapis.com/auth/drive.file';

export interface TestUser {
  token: string;
  sub: string;
  email: string;
  clientId: string;
  scope?: string;
}

/**
 * A stand-in RFC 7662 endpoint (the real identity provider is tested in @ferry/dev-identity):
 * the Drive server talks to it exactly as it talks to the provider.
 */
export class FakeIntrospection {
  readonly tokens = new Map<string, TestUser>();
  calls = 0;
  server: Server = createServer((req, res) => {
    this.calls++;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const ok = req.headers.authorization === `Basic ${Buffer.from('ferry-drive:drive-secret').toString('base64')}`;
      if (!ok) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        return;
      }
      const token = new URLSearchParams(body).get('token') ?? '';
      const u = this.tokens.get(token);
      const answer = u
        ? {
            active: true,
            sub: u.sub,
            client_id: u.clientId,
            scope: u.scope ?? `openid email profile ${DRIVE_FILE}`,
            exp: Math.floor(Date.now() / 1000) + 3600,
            email: u.email,
            name: u.email.split('@')[0],
          }
        : { active: false };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/token/introspection`;
  }
  add(u: Omit<TestUser, 'token'> & { token?: string }): TestUser {
    const full = { ...u, token: u.token ?? `tok-${u.email}-${u.clientId}-${Math.random().toString(36).slice(2)}` };
    this.tokens.set(full.token, full);
    return full;
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

export interface Harness {
  url: string;
  dataDir: string;
  drive: DriveServer;
  idp: FakeIntrospection;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  overrides: Partial<DriveServerConfig> = {},
  clientApps: Record<string, string> = {},
): Promise<Harness> {
  const idp = new FakeIntrospection();
  await idp.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-drive-test-'));
  const make = () =>
    createDriveServer({
      dataDir,
      auth: { url: idp.url, clientId: 'ferry-drive', clientSecret: 'drive-secret', cacheSeconds: 30, clientApps },
      quotaBytes: null,
      scanThresholdBytes: 1024 * 1024,
      adminEnabled: true,
      logger: pino({ level: 'silent' }),
      ...overrides,
    });
  let server = make();
  const url = await server.listen(0, '127.0.0.1');
  const port = Number(new URL(url).port);
  const h: Harness = {
    url,
    dataDir,
    drive: server,
    idp,
    async restart() {
      await server.close();
      server = make();
      await server.listen(port, '127.0.0.1');
      h.drive = server;
    },
    async close() {
      await server.close();
      await idp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

/** Google's official client, unchanged, pointed at the stand-in. */
export function googleDrive(h: Harness, token: string): drive_v3.Drive {
  const oauth = new googleAuth.OAuth2();
  oauth.setCredentials({ access_token: token });
  return drive({ version: 'v3', auth: oauth, rootUrl: `${h.url}/` });
}

export async function api(
  h: Harness,
  token: string | undefined,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${h.url}${path}`, { ...init, headers });
}
