import { readFile, writeFile } from 'node:fs/promises';

type Manifest = { remotes: Record<string, { entry: string; version: string }> } & Record<string, unknown>;

function manifestPath(): string {
  const file = process.env.FERRY_REMOTES_MANIFEST;
  if (!file) {
    throw new Error('FERRY_REMOTES_MANIFEST must name the remotes.json file the gateway serves (WEB_REMOTES_MANIFEST)');
  }
  return file;
}

/**
 * Points one remote of the served manifest somewhere else and returns a function that puts the
 * original file back byte for byte. The shell reads /remotes.json without cache on each load.
 */
export async function pointRemote(remote: string, entry: string, version: string): Promise<() => Promise<void>> {
  const file = manifestPath();
  const original = await readFile(file, 'utf8');
  const manifest = JSON.parse(original) as Manifest;
  manifest.remotes[remote] = { entry, version };
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return () => writeFile(file, original);
}
