/**
 * Real links on a running Ferry for load runs, stack tests and journeys: a token from the local
 * identity provider (its real endpoints), a file in the Drive stand-in under the Ferry folder,
 * shared with anyone, then POST /api/shorten as its owner.
 */
import { randomBytes } from 'node:crypto';
import { signInAsWebApp } from '../../support/web-app-sign-in.ts';

export interface FerryEndpoints {
  /** Gateway origin (FERRY_BASE_URL). */
  baseUrl: string;
  /** Identity provider issuer (FERRY_IDENTITY_ISSUER). */
  issuer: string;
  /** Drive stand-in root (FERRY_DRIVE_ROOT_URL). */
  driveRootUrl: string;
}

export function endpointsFromEnv(env: NodeJS.ProcessEnv = process.env): FerryEndpoints {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`${name} is not set (the test runner passes it)`);
    return v.replace(/\/+$/, '');
  };
  return {
    baseUrl: need('FERRY_BASE_URL'),
    issuer: need('FERRY_IDENTITY_ISSUER'),
    driveRootUrl: need('FERRY_DRIVE_ROOT_URL'),
  };
}

/** An access token of the browser app's client (ferry-web), as the upload page would hold. */
export function devToken(ep: FerryEndpoints, email: string): Promise<string> {
  return signInAsWebApp({ baseUrl: ep.baseUrl, identityIssuer: ep.issuer }, email);
}

async function driveJson<T>(
  ep: FerryEndpoints,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${ep.driveRootUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`drive ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The user's Ferry folder (`_ferryuploads`, tagged), created when missing. */
export async function ferryFolder(ep: FerryEndpoints, token: string): Promise<string> {
  const q = encodeURIComponent("appProperties has { key='ferryRoot' and value='true' } and trashed = false");
  const found = await driveJson<{ files: Array<{ id: string }> }>(
    ep,
    token,
    'GET',
    `/drive/v3/files?q=${q}&pageSize=1&fields=files(id)`,
  );
  if (found.files[0]) return found.files[0].id;
  const made = await driveJson<{ id: string }>(ep, token, 'POST', '/drive/v3/files', {
    name: '_ferryuploads',
    mimeType: 'application/vnd.google-apps.folder',
    appProperties: { ferryRoot: 'true' },
  });
  return made.id;
}

/** Uploads `content` into the Ferry folder (multipart) and shares it with anyone; returns the file id. */
export async function uploadSharedFile(
  ep: FerryEndpoints,
  token: string,
  name: string,
  content: Buffer,
  folderId?: string,
): Promise<string> {
  const parent = folderId ?? (await ferryFolder(ep, token));
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const meta = JSON.stringify({ name, parents: [parent], appProperties: { ferry: '1' } });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${meta}\r\n--${boundary}\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${ep.driveRootUrl}/upload/drive/v3/files?uploadType=multipart&fields=id`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    body,
  });
  if (!res.ok) throw new Error(`drive upload: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await driveJson(ep, token, 'POST', `/drive/v3/files/${id}/permissions`, { role: 'reader', type: 'anyone' });
  return id;
}

export interface Shortened {
  shortId: string;
  shortUrl: string;
  ownerSubdomain: string;
  expiresAt: string;
}

/** POST /api/shorten as the owner. */
export async function shorten(
  ep: FerryEndpoints,
  token: string,
  fileId: string,
  extra: Record<string, unknown> = {},
): Promise<Shortened> {
  const res = await fetch(`${ep.baseUrl}/api/shorten`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileId, ...extra }),
  });
  if (res.status !== 201) throw new Error(`shorten: ${res.status} ${await res.text()}`);
  return (await res.json()) as Shortened;
}

/** The persisted download count of a link (GET /api/s?dl=1). */
export async function downloadCount(ep: FerryEndpoints, slug: string): Promise<number> {
  const res = await fetch(`${ep.baseUrl}/api/s?dl=1&slug=${slug}&ts=${Date.now()}`);
  if (!res.ok) throw new Error(`count of ${slug}: ${res.status}`);
  return ((await res.json()) as { count: number }).count;
}
