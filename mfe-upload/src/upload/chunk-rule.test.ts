import { describe, expect, it } from 'vitest';
import {
  CHUNK_GRANULARITY,
  type ChunkRule,
  clampChunk,
  DEFAULT_CHUNK_RULE,
  firstChunkSize,
  nextChunkSize,
} from './chunk-rule';
import { nextChunk } from './chunks';

const MiB = 1024 * 1024;
const fast = (bytes: number) => ({ ok: true as const, bytes, ms: 100 });

describe('adaptive chunk rule', () => {
  it('starts at the spec’s 5 MiB and doubles while chunks finish well under the target, up to 64 MiB', () => {
    const sizes = [firstChunkSize()];
    for (let i = 0; i < 6; i++) sizes.push(nextChunkSize(sizes.at(-1)!, fast(sizes.at(-1)!)));
    expect(sizes.map((s) => s / MiB)).toEqual([5, 10, 20, 40, 64, 64, 64]);
  });

  it('keeps the size when a chunk takes about the target time, and never grows on a short chunk', () => {
    expect(nextChunkSize(20 * MiB, { ok: true, bytes: 20 * MiB, ms: 1_900 })).toBe(20 * MiB);
    expect(nextChunkSize(40 * MiB, { ok: true, bytes: 40 * MiB, ms: 3_500 })).toBe(40 * MiB);
    expect(nextChunkSize(20 * MiB, { ok: true, bytes: 3 * MiB, ms: 50 })).toBe(20 * MiB);
  });

  it('halves after a failed chunk or a slow one, down to 256 KiB', () => {
    expect(nextChunkSize(40 * MiB, { ok: false })).toBe(20 * MiB);
    expect(nextChunkSize(5 * MiB, { ok: true, bytes: 5 * MiB, ms: 5_000 })).toBe(2.5 * MiB);
    let s = 5 * MiB;
    for (let i = 0; i < 10; i++) s = nextChunkSize(s, { ok: false });
    expect(s).toBe(CHUNK_GRANULARITY);
  });

  it('is always a multiple of 256 KiB, within the rule’s bounds', () => {
    const rule: ChunkRule = { ...DEFAULT_CHUNK_RULE, maxBytes: 8 * MiB };
    let s = firstChunkSize(rule);
    const seen: number[] = [];
    const outcomes = [fast(5 * MiB), { ok: false as const }, { ok: true as const, bytes: 1, ms: 9_000 }, fast(1)];
    for (let i = 0; i < 40; i++) {
      const o = outcomes[(i * 7) % outcomes.length]!;
      s = nextChunkSize(s, o.ok ? { ...o, bytes: Math.max(o.bytes, s) } : o, rule);
      seen.push(s);
    }
    for (const x of seen) {
      expect(x % CHUNK_GRANULARITY).toBe(0);
      expect(x).toBeLessThanOrEqual(8 * MiB);
      expect(x).toBeGreaterThanOrEqual(CHUNK_GRANULARITY);
    }
    expect(clampChunk(3 * MiB + 1000, rule)).toBe(3 * MiB);
    expect(clampChunk(10, rule)).toBe(CHUNK_GRANULARITY);
    expect(nextChunkSize(8 * MiB, fast(8 * MiB), rule)).toBe(8 * MiB);
  });

  it('the last chunk is what is left of the file, whatever the size', () => {
    const total = 100 * MiB + 12_345;
    let offset = 0;
    let size = firstChunkSize();
    const chunks: number[] = [];
    while (offset < total) {
      const { start, end } = nextChunk(offset, total, size);
      chunks.push(end - start);
      offset = end;
      size = nextChunkSize(size, fast(end - start));
    }
    expect(chunks.slice(0, -1).every((c) => c % CHUNK_GRANULARITY === 0)).toBe(true);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(total);
    expect(chunks.map((c) => Math.round(c / MiB))).toEqual([5, 10, 20, 40, 25]);
  });
});
