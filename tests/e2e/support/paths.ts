import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function remoteDist(remote: string): string {
  return path.join(REPO_ROOT, `mfe-${remote}`, 'dist');
}

/** The same server under a sender subdomain: Chromium resolves *.localhost to the loopback address. */
export function senderOrigin(baseURL: string, subdomain: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${subdomain}.localhost${url.port ? `:${url.port}` : ''}`;
}
