import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type CDPSession, expect, type Page } from '@playwright/test';
import { signInAt, storedToken } from './auth.ts';

/** The Drive root the stack's browser code uploads to (the runner passes it; else /api/config says). */
export async function driveRoot(baseURL: string): Promise<string> {
  if (process.env.FERRY_DRIVE_ROOT_URL) return process.env.FERRY_DRIVE_ROOT_URL.replace(/\/+$/, '');
  const res = await fetch(new URL('/api/config', baseURL));
  return ((await res.json()) as { driveRootUrl: string }).driveRootUrl.replace(/\/+$/, '');
}

/** A fresh user per journey: each gets an empty drive, so journeys never see each other's files. */
export function journeyEmail(name: string): string {
  return `upload-${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

export async function openUploadSignedIn(page: Page, baseURL: string, email: string): Promise<void> {
  await signInAt(page, baseURL, '/upload', email);
  // A ceiling only: the first visit loads the upload remote, slow on a loaded machine.
  await expect(page.getByTestId('dropzone')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('free-space')).toBeVisible();
  // The list has loaded: the user has talked to the drive (the admin quota needs a known user).
  await expect(page.getByTestId('uploaded-empty').or(page.getByTestId('uploaded-row').first())).toBeVisible();
}

/** An 8 Mbit/s uplink (Chromium's network emulation): progress and resume are visible on loopback. */
export async function slowUplink(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: (8 * 1000 * 1000) / 8,
  });
  return cdp;
}

export async function tokenOf(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (!token) throw new Error('no token stored');
  return token;
}

/** Writes files (random bytes) under a new temp dir; returns the dir and the contents by relative path. */
export function makeFiles(spec: Record<string, number>): { dir: string; files: Map<string, Buffer> } {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-upload-e2e-'));
  const files = new Map<string, Buffer>();
  for (const [rel, size] of Object.entries(spec)) {
    const data = randomBytes(size);
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), data);
    files.set(rel, data);
  }
  return { dir, files };
}

export interface DriveFileJson {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  parents?: string[];
  appProperties?: Record<string, string>;
}

export class DriveProbe {
  constructor(
    readonly root: string,
    readonly token: string,
  ) {}

  private async get(path: string): Promise<Response> {
    return fetch(`${this.root}${path}`, { headers: { authorization: `Bearer ${this.token}` } });
  }

  async list(q: string): Promise<DriveFileJson[]> {
    const res = await this.get(
      `/drive/v3/files?q=${encodeURIComponent(q)}&pageSize=1000&fields=${encodeURIComponent('files(id,name,mimeType,size,parents,appProperties)')}`,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { files: DriveFileJson[] }).files;
  }

  async rootFolder(): Promise<DriveFileJson> {
    const [root] = await this.list("appProperties has { key='ferry_root' and value='true' } and trashed = false");
    expect(root, 'the tagged _ferryuploads folder').toBeTruthy();
    expect(root!.name).toBe('_ferryuploads');
    return root!;
  }

  async children(folderId: string): Promise<DriveFileJson[]> {
    return this.list(`'${folderId}' in parents and trashed = false`);
  }

  async file(id: string): Promise<{ status: number; file?: DriveFileJson }> {
    const res = await this.get(
      `/drive/v3/files/${id}?fields=${encodeURIComponent('id,name,mimeType,size,parents,appProperties')}`,
    );
    return { status: res.status, file: res.ok ? ((await res.json()) as DriveFileJson) : undefined };
  }

  async bytes(id: string): Promise<Buffer> {
    const res = await this.get(`/drive/v3/files/${id}?alt=media`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
}

/** Drive stand-in admin (fault injection, quota); enabled under `npm start`. */
export async function driveAdmin(root: string, path: string, body: unknown, method = 'POST'): Promise<void> {
  const res = await fetch(`${root}/__admin/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `admin ${path}: ${res.status}`).toBe(true);
}

export async function clearFaults(root: string): Promise<void> {
  await fetch(`${root}/__admin/faults`, { method: 'DELETE' });
}

/** Reads a stored zip (central directory) into path → bytes. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central header');
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (method !== 0) throw new Error(`${name} is compressed (method ${method})`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.set(name, zip.subarray(dataStart, dataStart + size));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

export function uploadedRows(page: Page) {
  return page.getByTestId('uploaded-row');
}
