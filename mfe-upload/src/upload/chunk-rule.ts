import { CHUNK_MAX_SIZE, CHUNK_SIZE } from './constants';

/**
 * The adaptive chunk size of one resumable session. The first chunk is the spec's 5 MiB; after
 * each chunk the size doubles while chunks finish well under the target time, up to the cap, and
 * halves after a failed or slow chunk. Every size is a multiple of Drive's 256 KiB granularity;
 * only the last chunk of a file may be shorter.
 */
export const CHUNK_GRANULARITY = 256 * 1024;

export interface ChunkRule {
  /** The first chunk of a session. */
  firstBytes: number;
  /** Never above this (rounded down to the granularity). */
  maxBytes: number;
  /** Never below this (at least one granularity unit). */
  minBytes: number;
  /** The time a chunk should take; under half of it the size doubles, over twice it halves. */
  targetMs: number;
}

export const DEFAULT_CHUNK_RULE: ChunkRule = {
  firstBytes: CHUNK_SIZE,
  maxBytes: CHUNK_MAX_SIZE,
  minBytes: CHUNK_GRANULARITY,
  targetMs: 2_000,
};

/** What happened to one chunk: sent in `ms`, or failed (network error, 5xx, 429). */
export type ChunkOutcome = { ok: true; bytes: number; ms: number } | { ok: false };

/** A size rounded down to the granularity, within the rule's bounds. */
export function clampChunk(bytes: number, rule: ChunkRule): number {
  const floor = (n: number) => Math.floor(n / CHUNK_GRANULARITY) * CHUNK_GRANULARITY;
  const min = Math.max(CHUNK_GRANULARITY, floor(rule.minBytes));
  const max = Math.max(min, floor(rule.maxBytes));
  return Math.min(max, Math.max(min, floor(bytes)));
}

/** The first chunk of a session under this rule. */
export function firstChunkSize(rule: ChunkRule = DEFAULT_CHUNK_RULE): number {
  return clampChunk(rule.firstBytes, rule);
}

/**
 * The size of the next chunk after one of `current` bytes had this outcome. A short chunk (the
 * last of a file, or one the server confirmed only in part) says nothing about growth, but a slow
 * one still shrinks the size.
 */
export function nextChunkSize(current: number, outcome: ChunkOutcome, rule: ChunkRule = DEFAULT_CHUNK_RULE): number {
  if (!outcome.ok) return clampChunk(current / 2, rule);
  // Slow: twice the target. A stall of a loaded machine under that keeps the size.
  if (outcome.ms > rule.targetMs * 2) return clampChunk(current / 2, rule);
  if (outcome.bytes >= current && outcome.ms < rule.targetMs / 2) return clampChunk(current * 2, rule);
  return clampChunk(current, rule);
}
