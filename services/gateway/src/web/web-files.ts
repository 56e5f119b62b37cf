import path from 'node:path';
import { readText } from './cached-file.js';

/** The remote a file belongs to, as the remotes manifest names it. */
export interface RemoteRef {
  name: string;
  /** The folder URL of its entry (`/remotes/<name>/<version>/`, or absolute on another origin). */
  base: string;
}

/** Reads the text files of the builds a page is written from; `undefined` when there is none. */
export interface WebFiles {
  shell(relativePath: string): Promise<string | undefined>;
  remote(remote: RemoteRef, relativePath: string): Promise<string | undefined>;
}

/** A remote build folder this gateway serves (WEB_REMOTES). */
export interface MountedRemote {
  name: string;
  version: string;
  dir: string;
}

function inside(root: string, relativePath: string): string | undefined {
  const file = path.resolve(root, relativePath);
  return file.startsWith(path.resolve(root) + path.sep) ? file : undefined;
}

/** Single-machine mode: the builds on disk (WEB_SHELL_DIR, WEB_REMOTES). */
export function diskFiles(shellDir: string, mounted: readonly MountedRemote[]): WebFiles {
  return {
    async shell(relativePath) {
      const file = inside(shellDir, relativePath);
      return file ? readText(file) : undefined;
    },
    async remote(remote, relativePath) {
      const mount = mounted.find((m) => remote.base === `/remotes/${m.name}/${m.version}/`);
      const file = mount ? inside(mount.dir, relativePath) : undefined;
      return file ? readText(file) : undefined;
    },
  };
}

export interface HttpFilesOptions {
  /** The shell's web server inside the cluster (WEB_SHELL_URL), e.g. http://shell. */
  shellUrl: string;
  /** Each remote's web server inside the cluster (WEB_REMOTE_URLS), by remote name. */
  remoteUrls: Readonly<Record<string, string>>;
  /** How long a file is used before it is revalidated (ETag). */
  freshMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Cached {
  body: string | undefined;
  etag?: string;
  checkedAt: number;
}

/**
 * Kubernetes: the same files read over HTTP from the web images that serve them (the shell's and
 * each remote's nginx), revalidated with ETags every few seconds, so a remote released by a change
 * of remotes.json is written into pages without restarting the gateway. A server that does not
 * answer leaves the last copy in use (or none: the page is then written without it).
 */
export function httpFiles(options: HttpFilesOptions): WebFiles {
  const freshMs = options.freshMs ?? 5_000;
  const fetchImpl = options.fetch ?? fetch;
  const cache = new Map<string, Cached>();
  const get = async (url: string): Promise<string | undefined> => {
    const hit = cache.get(url);
    if (hit && Date.now() - hit.checkedAt < freshMs) return hit.body;
    try {
      const res = await fetchImpl(url, {
        headers: hit?.etag ? { 'if-none-match': hit.etag } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
      });
      if (res.status === 304 && hit) {
        hit.checkedAt = Date.now();
        return hit.body;
      }
      const body = res.ok ? await res.text() : undefined;
      const etag = res.headers.get('etag') ?? undefined;
      cache.set(url, { body, checkedAt: Date.now(), ...(etag ? { etag } : {}) });
      return body;
    } catch {
      return hit?.body;
    }
  };
  const join = (base: string, relativePath: string) =>
    `${base.replace(/\/+$/, '')}/${relativePath.replace(/^\/+/, '')}`;
  return {
    shell: (relativePath) => get(join(options.shellUrl, relativePath)),
    async remote(remote, relativePath) {
      const server = options.remoteUrls[remote.name];
      // Only entries this origin serves (`/remotes/…`) are on the cluster's remote servers.
      if (!server || !remote.base.startsWith('/remotes/')) return undefined;
      return get(join(server, `${remote.base}${relativePath}`));
    },
  };
}
