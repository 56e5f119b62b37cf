import { REMOTE_NAMES, type RemoteName } from '@ferry/shell-sdk';

export interface RemoteEntry {
  /** URL of the remote's remoteEntry.js: a same-origin path or an absolute URL on another origin. */
  entry: string;
  version: string;
}

/**
 * `/remotes.json`, one per environment, written by the orchestrator/deploy and served no-cache:
 * `{ "remotes": { "upload": { "entry": "...", "version": "0.1.0" }, ... }, "rootDomain"?: "ferry.app" }`.
 */
export interface RemotesManifest {
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
  /** Optional run-time root domain for the root-host/sender-subdomain rules. */
  rootDomain?: string;
}

export const EMPTY_MANIFEST: RemotesManifest = { remotes: {} };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates the manifest and resolves each entry against the page's origin. Unknown names and
 * malformed entries are dropped (that remote then shows its error) instead of failing the shell.
 */
export function parseManifest(raw: unknown, baseUrl: string): RemotesManifest {
  if (!isRecord(raw) || !isRecord(raw.remotes)) return EMPTY_MANIFEST;
  const remotes: RemotesManifest['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const item = raw.remotes[name];
    if (!isRecord(item) || typeof item.entry !== 'string' || item.entry === '') continue;
    let entry: string;
    try {
      entry = new URL(item.entry, baseUrl).toString();
    } catch {
      continue;
    }
    remotes[name] = { entry, version: typeof item.version === 'string' ? item.version : 'unknown' };
  }
  const rootDomain = typeof raw.rootDomain === 'string' && raw.rootDomain !== '' ? raw.rootDomain : undefined;
  return rootDomain ? { remotes, rootDomain } : { remotes };
}

/** The element the server writes the remotes manifest into, so the page needs no request for it. */
export const INLINE_MANIFEST_ID = 'ferry-remotes';

/**
 * The manifest the server wrote into the page, else /remotes.json read bypassing caches; a failure
 * yields an empty manifest (remotes show errors, the shell works).
 */
export async function fetchManifest(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Promise<RemotesManifest> {
  const inline = doc?.getElementById(INLINE_MANIFEST_ID)?.textContent;
  if (inline) {
    try {
      return parseManifest(JSON.parse(inline), baseUrl);
    } catch {
      // fall through to the file
    }
  }
  try {
    const response = await fetchImpl(new URL('/remotes.json', baseUrl), { cache: 'no-cache' });
    if (!response.ok) return EMPTY_MANIFEST;
    return parseManifest(await response.json(), baseUrl);
  } catch {
    return EMPTY_MANIFEST;
  }
}
