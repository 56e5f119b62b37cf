import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

/**
 * Reads and parses a file, re-reading only when its size or modification time changed, so a
 * release (a new remotes manifest, a rebuilt shell) is picked up without a restart. A missing or
 * unparsable file is `undefined`.
 */
export function cachedFile<T>(parse: (text: string) => T): (file: string) => Promise<T | undefined> {
  const cache = new Map<string, { mtimeMs: number; size: number; value: T | undefined }>();
  return async (file) => {
    let st: Stats;
    try {
      st = await stat(file);
    } catch {
      cache.delete(file);
      return undefined;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.value;
    let value: T | undefined;
    try {
      value = parse(await readFile(file, 'utf8'));
    } catch {
      value = undefined;
    }
    cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, value });
    return value;
  };
}

export const readText = cachedFile((text) => text);
export const readJson = cachedFile((text): unknown => JSON.parse(text));
