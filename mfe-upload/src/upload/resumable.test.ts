// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { UploadError } from './errors';
import type { PutTransport } from './put-transport';
import { uploadResumable } from './resumable';
import { blobSource, streamSource } from './source';

const KiB = 1024;
const CHUNK = 256 * KiB;

/** A resumable session in memory: keeps received bytes, answers 308/200, can be told to fail. */
function fakeSession(total: number, script: ('ok' | 'network' | 500 | 503 | 404 | 'short')[] = []) {
  const received = new Uint8Array(total);
  let stored = 0;
  const calls: string[] = [];
  const f = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const range = new Headers(init?.headers).get('content-range')!;
    calls.push(range);
    const status = () => new Response(null, { status: 308, headers: stored ? { range: `bytes=0-${stored - 1}` } : {} });
    if (range.startsWith('bytes */')) return stored === total ? Response.json({ id: 'f1', name: 'x' }) : status();
    const step = script.shift() ?? 'ok';
    const m = /bytes (\d+)-(\d+)\/(\d+)/.exec(range)!;
    const start = Number(m[1]);
    const body = new Uint8Array(await new Response(init!.body as BodyInit).arrayBuffer());
    if (step === 'network') {
      // Half the chunk arrived before the connection dropped.
      const half = Math.floor(body.length / 2);
      received.set(body.subarray(0, half), start);
      stored = Math.max(stored, start + half);
      throw new TypeError('Failed to fetch');
    }
    if (typeof step === 'number') return new Response(null, { status: step });
    const keep = step === 'short' ? Math.max(0, body.length - 1000) : body.length;
    received.set(body.subarray(0, keep), start);
    stored = Math.max(stored, start + keep);
    return stored === total ? Response.json({ id: 'f1', name: 'x' }) : status();
  };
  return { f: f as typeof fetch, calls, received: () => received };
}

const data = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

describe('resumable upload (spec §7)', () => {
  it('sends chunks with Content-Range and continues on 308', async () => {
    const bytes = data(2 * CHUNK + 100);
    const s = fakeSession(bytes.length);
    const progress: number[] = [];
    const file = await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([bytes])),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      fetch: s.f,
      onProgress: (n) => progress.push(n),
    });
    expect(file.id).toBe('f1');
    expect(s.calls).toEqual([
      `bytes 0-262143/${bytes.length}`,
      `bytes 262144-524287/${bytes.length}`,
      `bytes 524288-524387/${bytes.length}`,
    ]);
    expect(progress).toEqual([CHUNK, 2 * CHUNK, bytes.length]);
    expect(s.received()).toEqual(bytes);
  });

  it('after a network error asks for the status and resumes from the last confirmed byte', async () => {
    const bytes = data(3 * CHUNK);
    const s = fakeSession(bytes.length, ['ok', 'network', 'ok', 'ok']);
    await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([bytes])),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      fetch: s.f,
      retryBaseMs: 1,
    });
    expect(s.calls[2]).toBe(`bytes */${bytes.length}`);
    expect(s.calls[3]).toBe(`bytes ${CHUNK + CHUNK / 2}-${CHUNK + CHUNK / 2 + CHUNK - 1}/${bytes.length}`);
    expect(s.received()).toEqual(bytes);
  });

  it('retries 5xx, follows a shorter Range, and works from a stream source', async () => {
    const bytes = data(3 * CHUNK + 5);
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 10_000) yield bytes.slice(i, i + 10_000);
    }
    const s = fakeSession(bytes.length, ['short', 503, 'ok', 'ok', 'ok', 'ok']);
    await uploadResumable({
      sessionUrl: 'x',
      source: streamSource(bytes.length, pieces()),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      fetch: s.f,
      retryBaseMs: 1,
    });
    expect(s.received()).toEqual(bytes);
    expect(s.calls[1]).toBe(`bytes ${CHUNK - 1000}-${2 * CHUNK - 1001}/${bytes.length}`);
  });

  it('fails with the status on a non-retryable answer, and after too many retries', async () => {
    const bytes = data(CHUNK);
    await expect(
      uploadResumable({
        sessionUrl: 'x',
        source: blobSource(new Blob([bytes])),
        signal: new AbortController().signal,
        chunkSize: CHUNK,
        fetch: fakeSession(bytes.length, [404]).f,
      }),
    ).rejects.toMatchObject({ code: 'status', status: 404, message: 'Upload failed with status 404' });
    const s = fakeSession(bytes.length, Array(10).fill('network'));
    await expect(
      uploadResumable({
        sessionUrl: 'x',
        source: blobSource(new Blob([bytes])),
        signal: new AbortController().signal,
        chunkSize: CHUNK,
        fetch: s.f,
        retryBaseMs: 1,
        maxRetries: 2,
      }),
    ).rejects.toMatchObject({ code: 'network', message: 'Network error during upload' });
  });

  it('cancel ends with the silent canceled error', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      uploadResumable({
        sessionUrl: 'x',
        source: blobSource(new Blob([data(10)])),
        signal: ac.signal,
        chunkSize: CHUNK,
        fetch: fakeSession(10).f,
      }),
    ).rejects.toBeInstanceOf(UploadError);
  });

  it('waits for beforeChunk (a re-login) before each chunk', async () => {
    const bytes = data(2 * CHUNK);
    const s = fakeSession(bytes.length);
    let waits = 0;
    await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([bytes])),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      fetch: s.f,
      beforeChunk: async () => void waits++,
    });
    expect(waits).toBe(2);
  });

  it('grows the chunks by the adaptive rule: 5 MiB first, then doubled', async () => {
    const total = 12 * 1024 * KiB + 7;
    const s = fakeSession(total);
    const sizes: number[] = [];
    await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([new Uint8Array(total)])),
      signal: new AbortController().signal,
      fetch: s.f,
      onChunk: (c) => sizes.push(c.size),
    });
    expect(s.calls).toEqual([`bytes 0-5242879/${total}`, `bytes 5242880-${total - 1}/${total}`]);
    expect(sizes).toEqual([5 * 1024 * KiB, total - 5 * 1024 * KiB]);
  });

  it('announces each retry with its attempt and delay before the final error', async () => {
    const bytes = data(CHUNK);
    const notices: string[] = [];
    await expect(
      uploadResumable({
        sessionUrl: 'x',
        source: blobSource(new Blob([bytes])),
        signal: new AbortController().signal,
        chunkSize: CHUNK,
        fetch: fakeSession(bytes.length, [500, 500, 500, 500]).f,
        retryBaseMs: 1,
        maxRetries: 2,
        onRetry: (n) => notices.push(`${n.attempt}/${n.maxRetries} ${n.cause.code}`),
      }),
    ).rejects.toMatchObject({ code: 'status', status: 500 });
    // The status query answers 308, so each retry re-sends the chunk and meets the next 500.
    expect(notices).toEqual(['1/2 status', '2/2 status']);
  });

  it('a resumed session asks for the confirmed range first and sends only the rest', async () => {
    const bytes = data(3 * CHUNK);
    const s = fakeSession(bytes.length);
    const ac = new AbortController();
    await expect(
      uploadResumable({
        sessionUrl: 'x',
        source: blobSource(new Blob([bytes])),
        signal: ac.signal,
        chunkSize: CHUNK,
        fetch: s.f,
        onProgress: (n) => n >= CHUNK && ac.abort(),
      }),
    ).rejects.toMatchObject({ code: 'canceled' });
    s.calls.length = 0;
    const sent: number[] = [];
    await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([bytes])),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      fetch: s.f,
      resume: true,
      onSent: (n) => sent.push(n),
    });
    expect(s.calls).toEqual([
      `bytes */${bytes.length}`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${bytes.length}`,
      `bytes ${2 * CHUNK}-${3 * CHUNK - 1}/${bytes.length}`,
    ]);
    expect(sent[0]).toBe(CHUNK);
    expect(s.received()).toEqual(bytes);
  });

  it('progress goes back to the confirmed byte when a sent chunk fails', async () => {
    const total = 2 * CHUNK;
    let stored = 0;
    let failOnce = true;
    const transport: PutTransport = async (_url, req) => {
      const range = req.headers['Content-Range']!;
      if (range.startsWith('bytes */')) return { status: 308, range: stored ? `bytes=0-${stored - 1}` : null };
      const size = (req.body as Blob).size;
      req.onSent?.(size);
      if (stored === CHUNK && failOnce) {
        failOnce = false;
        return { status: 500, range: null };
      }
      stored += size;
      return stored === total
        ? { status: 200, range: null, json: { id: 'f1' } }
        : { status: 308, range: `bytes=0-${stored - 1}` };
    };
    const sent: number[] = [];
    await uploadResumable({
      sessionUrl: 'x',
      source: blobSource(new Blob([new Uint8Array(total)])),
      signal: new AbortController().signal,
      chunkSize: CHUNK,
      transport,
      retryBaseMs: 1,
      onSent: (n) => sent.push(n),
    });
    expect(sent).toEqual([CHUNK, CHUNK, 2 * CHUNK, CHUNK, CHUNK, 2 * CHUNK, 2 * CHUNK]);
  });
});
