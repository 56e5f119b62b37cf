import path from 'node:path';
import type { LanguageCode, RouteRemote } from '@ferry/rules';
import { readJson, readText } from './cached-file.js';

/** A remote mounted on this gateway (WEB_REMOTES). */
export interface MountedRemote {
  name: string;
  version: string;
  dir: string;
}

/** The remotes manifest's entries, as the page needs them. */
export interface ManifestRemote {
  name: RouteRemote;
  /** The entry URL as written in remotes.json (a path on this origin or an absolute URL). */
  entry: string;
  /** The build folder when this gateway serves that entry, else undefined. */
  dir?: string;
  /** The folder URL of the entry (ends with `/`). */
  base: string;
}

export interface WebManifest {
  /** The manifest as served, for the page to read without another request. */
  raw: unknown;
  rootDomain?: string;
  remotes: Partial<Record<RouteRemote, ManifestRemote>>;
}

type Strings = Record<string, unknown>;

const REMOTE_NAMES: readonly RouteRemote[] = ['upload', 'download', 'account', 'marketing'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The built files the gateway reads to write a page: the shell's, the remotes' and remotes.json. */
export class WebSource {
  constructor(
    private readonly shellDir: string,
    private readonly mounted: readonly MountedRemote[],
    private readonly manifestFile: string | undefined,
  ) {}

  shellIndex(): Promise<string | undefined> {
    return readText(path.join(this.shellDir, 'index.html'));
  }

  /** The shell's JavaScript of its first render: the entry's async chunks (Rsbuild's manifest.json). */
  async shellChunks(): Promise<{ js: string[]; css: string[] }> {
    const manifest = await readJson(path.join(this.shellDir, 'manifest.json'));
    const index = isRecord(manifest) && isRecord(manifest.entries) ? manifest.entries.index : undefined;
    const pick = (kind: 'js' | 'css'): string[] => {
      if (!isRecord(index)) return [];
      const out: string[] = [];
      for (const group of [index.async] as unknown[]) {
        if (isRecord(group) && Array.isArray(group[kind])) out.push(...group[kind].filter((f): f is string => typeof f === 'string'));
      }
      return out;
    };
    return { js: pick('js'), css: pick('css') };
  }

  async shellStrings(language: LanguageCode): Promise<Strings | undefined> {
    const value = await readJson(path.join(this.shellDir, 'locales', language, 'shell.json'));
    return isRecord(value) ? value : undefined;
  }

  async shellLocaleHashes(): Promise<Record<string, string>> {
    return stringMap(await readJson(path.join(this.shellDir, 'locale-hashes.json')));
  }

  async manifest(): Promise<WebManifest | undefined> {
    if (!this.manifestFile) return undefined;
    const raw = await readJson(this.manifestFile);
    if (!isRecord(raw) || !isRecord(raw.remotes)) return undefined;
    const remotes: WebManifest['remotes'] = {};
    for (const name of REMOTE_NAMES) {
      const item = raw.remotes[name];
      if (!isRecord(item) || typeof item.entry !== 'string' || item.entry === '') continue;
      const base = item.entry.slice(0, item.entry.lastIndexOf('/') + 1);
      const mount = this.mounted.find((m) => base === `/remotes/${m.name}/${m.version}/`);
      remotes[name] = { name, entry: item.entry, base, ...(mount ? { dir: mount.dir } : {}) };
    }
    const rootDomain = typeof raw.rootDomain === 'string' && raw.rootDomain !== '' ? raw.rootDomain : undefined;
    return { raw, remotes, ...(rootDomain ? { rootDomain } : {}) };
  }

  /** What the remote's `./App` needs besides its entry (its Module Federation manifest). */
  async exposedAssets(remote: ManifestRemote): Promise<{ js: string[]; css: string[] }> {
    if (!remote.dir) return { js: [], css: [] };
    const manifest = await readJson(path.join(remote.dir, 'mf-manifest.json'));
    const exposes = isRecord(manifest) && Array.isArray(manifest.exposes) ? manifest.exposes : [];
    const app = exposes.find((e): e is Record<string, unknown> => isRecord(e) && (e.path === './App' || e.name === 'App'));
    const assets = app && isRecord(app.assets) ? app.assets : {};
    const files = (kind: 'js' | 'css'): string[] => {
      const group = assets[kind];
      if (!isRecord(group) || !Array.isArray(group.sync)) return [];
      return group.sync.filter((f): f is string => typeof f === 'string').map((f) => remote.base + f);
    };
    return { js: files('js'), css: files('css') };
  }

  async remoteLocaleHashes(remote: ManifestRemote): Promise<Record<string, string>> {
    if (!remote.dir) return {};
    return stringMap(await readJson(path.join(remote.dir, 'locale-hashes.json')));
  }

  /** The remote's pre-rendered HTML of a page in a language (`prerender/<page>/<lng>.html`), if it has one. */
  async prerendered(remote: ManifestRemote, page: string, language: LanguageCode): Promise<string | undefined> {
    if (!remote.dir || !/^[a-z0-9-]+$/.test(page)) return undefined;
    return readText(path.join(remote.dir, 'prerender', page, `${language}.html`));
  }
}
