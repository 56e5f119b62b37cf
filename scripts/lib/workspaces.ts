import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './settings.ts';

export interface Workspace {
  name: string;
  dir: string;
  scripts: Record<string, string>;
}

/** Every npm workspace of the repository, in the order the root package.json lists them. */
export function listWorkspaces(): Workspace[] {
  const patterns = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  const dirs: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(join(root, parent)).sort()) dirs.push(join(parent, entry));
    } else {
      dirs.push(pattern);
    }
  }
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      return { name: pkg.name, dir, scripts: pkg.scripts ?? {} };
    });
}
