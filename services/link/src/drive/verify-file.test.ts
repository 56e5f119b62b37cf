import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './drive-errors.js';
import { driveFileVerifier, FERRY_FOLDER_NAME } from './verify-file.js';

const FILE = '1FileId_abcdefghijklmnopqrstuvwx';
const FOLDER = '1FolderId_abcdefghijklmnopqrstuv';
const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 50 };

type Answer = { status: number; reason?: string; retryAfter?: string };

function googleError({ status, reason, retryAfter }: Answer): Response {
  const body = {
    error: {
      code: status,
      message: 'x',
      errors: [{ domain: 'global', reason: reason ?? 'backendError', message: 'x' }],
    },
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
  });
}

/** A drive with one shared file in the Ferry folder; `faults[path kind]` answers first, in order. */
function fakeDrive(faults: { file?: Answer[]; folder?: Answer[]; perms?: Answer[] }) {
  const calls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = String(input);
    const kind = url.includes('/permissions') ? 'perms' : url.includes(FOLDER) ? 'folder' : 'file';
    calls.push(kind);
    const fault = faults[kind]?.shift();
    if (fault) return googleError(fault);
    const body =
      kind === 'perms'
        ? { permissions: [{ type: 'anyone', role: 'reader' }] }
        : kind === 'folder'
          ? { id: FOLDER, name: FERRY_FOLDER_NAME, mimeType: 'application/vnd.google-apps.folder' }
          : {
              id: FILE,
              name: 'report.pdf',
              mimeType: 'application/pdf',
              size: '42',
              parents: [FOLDER],
              ownedByMe: true,
            };
    return Response.json(body);
  }) as typeof fetch;
  return { calls, verify: driveFileVerifier('http://drive.test', fetchImpl, 1000, fast) };
}

async function codeOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code: number }).code;
  }
}

describe('driveFileVerifier on transient Drive answers', () => {
  it('retries a 500, a 429 and a rate-limit 403 of the file check and then verifies the file', async () => {
    const drive = fakeDrive({
      file: [{ status: 500 }, { status: 429 }],
      perms: [{ status: 403, reason: 'userRateLimitExceeded' }],
    });
    await expect(drive.verify(FILE, 't')).resolves.toEqual({ id: FILE, name: 'report.pdf', sizeBytes: 42n });
    expect(drive.calls).toEqual(['file', 'file', 'file', 'folder', 'perms', 'perms']);
  });

  it('reports a lasting rate limit as RESOURCE_EXHAUSTED, never NOT_FOUND', async () => {
    for (const fault of [
      { status: 403, reason: 'rateLimitExceeded' },
      { status: 403, reason: 'userRateLimitExceeded' },
      { status: 429 },
    ]) {
      const drive = fakeDrive({ file: [fault, fault, fault] });
      expect(await codeOf(drive.verify(FILE, 't'))).toBe(grpc.status.RESOURCE_EXHAUSTED);
      expect(drive.calls).toHaveLength(3);
    }
  });

  it('reports lasting 5xx as UNAVAILABLE, also on the folder walk (not "not in your Ferry folder")', async () => {
    const onFile = fakeDrive({ file: [{ status: 500 }, { status: 502 }, { status: 503 }] });
    expect(await codeOf(onFile.verify(FILE, 't'))).toBe(grpc.status.UNAVAILABLE);
    const onFolder = fakeDrive({ folder: [{ status: 503 }, { status: 503 }, { status: 503 }] });
    expect(await codeOf(onFolder.verify(FILE, 't'))).toBe(grpc.status.UNAVAILABLE);
  });

  it('keeps a real 404 and a permission 403 as NOT_FOUND, without retrying them', async () => {
    const missing = fakeDrive({ file: [{ status: 404, reason: 'notFound' }] });
    expect(await codeOf(missing.verify(FILE, 't'))).toBe(grpc.status.NOT_FOUND);
    expect(missing.calls).toEqual(['file']);
    const forbidden = fakeDrive({ file: [{ status: 403, reason: 'insufficientFilePermissions' }] });
    expect(await codeOf(forbidden.verify(FILE, 't'))).toBe(grpc.status.NOT_FOUND);
    expect(forbidden.calls).toEqual(['file']);
  });

  it('does not wait out a long Retry-After: the caller is told to come back', async () => {
    const drive = fakeDrive({ file: [{ status: 429, retryAfter: '30' }] });
    const started = Date.now();
    expect(await codeOf(drive.verify(FILE, 't'))).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(drive.calls).toEqual(['file']);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
