// The benchmark page: the upload code of src/ (zip stream, resumable upload) driven from run.ts.
import JSZip from 'jszip';
import { DriveClient } from '../src/drive/drive-client';
import { CHUNK_SIZE } from '../src/upload/constants';
import { crc32 } from '../src/upload/crc32';
import { uploadResumable } from '../src/upload/resumable';
import { blobSource, streamSource } from '../src/upload/source';
import { fileEntry, zipSize, zipStream } from '../src/upload/zip-stream';

declare global {
  interface Window {
    ferryBench: typeof bench;
    gc?: () => void;
  }
  interface Performance {
    memory?: { usedJSHeapSize: number };
  }
}

function files(): File[] {
  return Array.from((document.getElementById('files') as HTMLInputElement).files ?? []);
}

/** Samples the JS heap every 20 ms while `work` runs; growth = peak − baseline after a GC. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; heapGrowthMiB: number; result: T }> {
  window.gc?.();
  await new Promise((r) => setTimeout(r, 50));
  const base = performance.memory?.usedJSHeapSize ?? 0;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, performance.memory?.usedJSHeapSize ?? 0);
  }, 20);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, performance.memory?.usedJSHeapSize ?? 0);
  return { ms, heapGrowthMiB: (peak - base) / 1024 / 1024, result };
}

/** Where the zip goes: a consumer that pulls 5 MiB chunks the way the upload does, and drops them. */
async function drainLikeUpload(size: number, pieces: AsyncIterator<Uint8Array>): Promise<number> {
  const src = streamSource(size, pieces);
  let sent = 0;
  while (sent < size) {
    const chunk = await src.read(sent, Math.min(size, sent + CHUNK_SIZE));
    sent += chunk instanceof Blob ? chunk.size : chunk.length;
    src.release(sent);
  }
  return sent;
}

const bench = {
  count: () => files().length,

  /** Diagnostics: reading the files alone (1 MiB Blob slices), and CRC-32 alone on memory. */
  async readOnly(piece = 1024 * 1024) {
    return measure(async () => {
      let n = 0;
      for (const f of files())
        for (let p = 0; p < f.size; p += piece) n += (await f.slice(p, p + piece).arrayBuffer()).byteLength;
      return n;
    });
  },
  async crcOnly(mib: number) {
    const buf = new Uint8Array(1024 * 1024);
    crypto.getRandomValues(buf.subarray(0, 65536));
    return measure(async () => {
      let c = 0;
      for (let i = 0; i < mib; i++) c = crc32(buf, c);
      return c;
    });
  },

  /** Ferry's stored zip stream, consumed chunk by chunk. */
  async zipFerry() {
    const entries = files().map((f) => fileEntry(f, f.name));
    const size = zipSize(entries);
    return measure(() => drainLikeUpload(size, zipStream(entries)));
  },

  /** JSZip (STORE) with generateInternalStream, the streaming API (no whole archive in memory). */
  async zipJszip() {
    return measure(
      () =>
        new Promise<number>((resolve, reject) => {
          const zip = new JSZip();
          for (const f of files()) zip.file(f.name, f, { binary: true });
          let bytes = 0;
          zip
            .generateInternalStream({ type: 'uint8array', compression: 'STORE', streamFiles: true })
            .on('data', (d: Uint8Array) => {
              bytes += d.length;
            })
            .on('error', reject)
            .on('end', () => resolve(bytes))
            .resume();
        }),
    );
  },

  /**
   * Upload `mib` MiB: one raw fetch PUT vs. the upload code (adaptive chunks over XHR), each into a
   * new session. Returns the time, the chunk sizes used and the JS heap growth while it ran.
   */
  async upload(rootUrl: string, token: string, mib: number, which: 'raw' | 'code') {
    // A file from disk (as a user picks it) when one is set on the input, else bytes made here.
    const picked = files().find((f) => f.size === mib * 1024 * 1024);
    let blob: Blob;
    if (picked) blob = picked;
    else {
      const data = new Uint8Array(mib * 1024 * 1024);
      for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, i + 65536));
      blob = new Blob([data]);
    }
    const drive = new DriveClient({ rootUrl, getToken: () => token });
    const session = await drive.startResumable(
      { name: `bench-${which}-${mib}.bin`, parents: ['root'], mimeType: 'application/octet-stream' },
      blob.size,
    );
    const chunks: { size: number; ms: number }[] = [];
    const run = await measure(async () => {
      if (which === 'raw') {
        const res = await fetch(session, { method: 'PUT', body: blob });
        if (!res.ok) throw new Error(`raw PUT ${res.status}`);
        return ((await res.json()) as { id: string }).id;
      }
      const file = await uploadResumable({
        sessionUrl: session,
        source: blobSource(blob),
        signal: new AbortController().signal,
        onChunk: (c) => chunks.push({ size: c.size, ms: c.ms }),
      });
      return file.id;
    });
    await drive.delete(run.result);
    return { ms: run.ms, mibPerS: mib / (run.ms / 1000), heapGrowthMiB: run.heapGrowthMiB, chunks };
  },
};

window.ferryBench = bench;
document.body.dataset.ready = '1';
