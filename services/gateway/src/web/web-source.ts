import { REMOTE_NAMES, type LanguageCode, type RemoteName } from '@ferry/rules';
import { readJson } from './cached-file.js';
import type { WebFiles } from './web-files.js';

/** The remotes manifest's entries, as the page needs them. */
export interface ManifestRemote {
  name: RemoteName;
  /** The entry URL as written in remotes.json (a path on this origin or an absolute URL). */
  entry: string;
  /** The folder URL of the entry (ends with `/`). */
  base: string;
}

export interface WebManifest {
  /** The manifest as served, for the page to read without another request. */
  raw: unknown;
  rootDomain?: string;
  remotes: Partial<Record<RemoteName, ManifestRemote>>;
}

type Strings = Record<string, unknown>;

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
    private readonly files: WebFiles,
    private readonly manifestFile: string | undefined,
  ) {}

  private async json(read: Promise<string | undefined>): Promise<unknown> {
    const text = await read;
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  shellIndex(): Promise<string | undefined> {
    return this.files.shell('index.html');
  }

  /**
   * The shell's chunks of its first render: `first-visit.json` (what every start loads, from the
   * build's stats), else every async chunk of the entry (Rsbuild's manifest.json).
   */
  async shellChunks(): Promise<{ js: string[]; css: string[] }> {
    const strings = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
    const firstVisit = await this.json(this.files.shell('first-visit.json'));
    if (isRecord(firstVisit)) return { js: strings(firstVisit.js), css: strings(firstVisit.css) };
    const manifest = await this.json(this.files.shell('manifest.json'));
    const index = isRecord(manifest) && isRecord(manifest.entries) ? manifest.entries.index : undefined;
    const group = isRecord(index) && isRecord(index.async) ? index.async : {};
    return { js: strings(group.js), css: strings(group.css) };
  }

  async shellStrings(language: LanguageCode): Promise<Strings | undefined> {
    const value = await this.json(this.files.shell(`locales/${language}/shell.json`));
    return isRecord(value) ? value : undefined;
  }

  async shellLocaleHashes(): Promise<Record<string, string>> {
    return stringMap(await this.json(this.files.shell('locale-hashes.json')));
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
      remotes[name] = { name, entry: item.entry, base };
    }
    const rootDomain = typeof raw.rootDomain === 'string' && raw.rootDomain !== '' ? raw.rootDomain : undefined;
    return { raw, remotes, ...(rootDomain ? { rootDomain } : {}) };
  }

  /** What the remote's `./App` needs besides its entry (its Module Federation manifest). */
  async exposedAssets(remote: ManifestRemote): Promise<{ js: string[]; css: string[] }> {
    const manifest = await this.json(this.files.remote(remote, 'mf-manifest.json'));
    const exposes = isRecord(manifest) && Array.isArray(manifest.exposes) ? manifest.exposes : [];
    const app = exposes.find(
      (e): e is Record<string, unknown> => isRecord(e) && (e.path === './App' || e.name === 'App'),
    );
    const assets = app && isRecord(app.assets) ? app.assets : {};
    const files = (kind: 'js' | 'css'): string[] => {
      const group = assets[kind];
      if (!isRecord(group) || !Array.isArray(group.sync)) return [];
      return group.sync.filter((f): f is string => typeof f === 'string').map((f) => remote.base + f);
    };
    return { js: files('js'), css: files('css') };
  }

  async remoteLocaleHashes(remote: ManifestRemote): Promise<Record<string, string>> {
    return stringMap(await this.json(this.files.remote(remote, 'locale-hashes.json')));
  }

  /** The remote's pre-rendered HTML of a page in a language (`prerender/<page>/<lng>.html`), if it has one. */
  async prerendered(remote: ManifestRemote, page: string, language: LanguageCode): Promise<string | undefined> {
    if (!/^[a-z0-9-]+$/.test(page)) return undefined;
    return this.files.remote(remote, `prerender/${page}/${language}.html`);
  }
}
