import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';

/** Where each namespace's translations live: `<package>/public/locales/<lng>/<namespace>.json`. */
const PACKAGE_OF = {
  shell: 'shell',
  upload: 'mfe-upload',
  download: 'mfe-download',
  account: 'mfe-account',
  marketing: 'mfe-marketing',
} as const;
export type Namespace = keyof typeof PACKAGE_OF;

/** A shipped text by namespace, language and dotted key, read from the locale file the page loads. */
export function localeText(namespace: Namespace, lng: string, key: string): string {
  const file = join(REPO_ROOT, PACKAGE_OF[namespace], 'public', 'locales', lng, `${namespace}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${namespace}/${lng}: no text at ${key}`);
  return value;
}
