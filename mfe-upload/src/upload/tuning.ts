import { type ChunkRule, DEFAULT_CHUNK_RULE } from './chunk-rule';

/**
 * Test and debug override of the upload's pace in this browser (local storage, JSON):
 * `{ "chunkMaxBytes": 8388608, "retryBaseMs": 100 }`. The Playwright journeys use it to cap the
 * chunk size and to shorten the retry waits; anything missing or malformed keeps the default.
 */
export const TUNING_OVERRIDE_KEY = 'ferry_upload_tuning';

export interface UploadTuning {
  chunkRule: ChunkRule;
  retryBaseMs?: number;
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

export function parseTuning(raw: string | null): UploadTuning {
  let o: { chunkMaxBytes?: unknown; retryBaseMs?: unknown } = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') o = parsed;
  } catch {
    // malformed: the defaults
  }
  const maxBytes = positive(o.chunkMaxBytes) ? o.chunkMaxBytes : DEFAULT_CHUNK_RULE.maxBytes;
  return {
    chunkRule: {
      ...DEFAULT_CHUNK_RULE,
      maxBytes,
      firstBytes: Math.min(DEFAULT_CHUNK_RULE.firstBytes, maxBytes),
    },
    ...(positive(o.retryBaseMs) ? { retryBaseMs: o.retryBaseMs } : {}),
  };
}

export function readTuning(): UploadTuning {
  try {
    return parseTuning(window.localStorage.getItem(TUNING_OVERRIDE_KEY));
  } catch {
    return parseTuning(null);
  }
}
