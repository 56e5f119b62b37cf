// Fails when `npm install` changed what the lockfile pins: a package added, dropped, or resolved to
// another version, tarball or integrity. Used instead of `npm ci` (see deploy/README.md, "Images"):
// npm rewrites the layout of turbo's pruned lockfile, so the check compares packages, not bytes.
//   node lockfile-check.mjs <lockfile before npm install> <lockfile after>
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node lockfile-check.mjs <before> <after>');
  process.exit(2);
}
const packages = (file) => JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
const pinned = (entry) => JSON.stringify([entry.version, entry.resolved, entry.integrity, entry.link]);
const before = packages(beforeFile);
const after = packages(afterFile);
const label = (path, entry) => (entry.link ? `${path} (link to ${entry.resolved})` : `${path}@${entry.version}`);
const changes = [];
// "" is the root project, whose workspace list turbo prune rewrites; every other key is a package path.
for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
  if (path === '') continue;
  if (!(path in after)) changes.push(`dropped ${label(path, before[path])}`);
  else if (!(path in before)) changes.push(`added ${label(path, after[path])}`);
  else if (pinned(before[path]) !== pinned(after[path]))
    changes.push(`changed ${path}: ${before[path].version} → ${after[path].version}`);
}
if (changes.length > 0) {
  console.error(`npm install changed the lockfile (${changes.length}): it does not pin what package.json asks for.`);
  for (const line of changes.slice(0, 30)) console.error(`  ${line}`);
  console.error('Run `npm install` at the repository root and commit package-lock.json.');
  process.exit(1);
}
console.log(`lockfile unchanged: ${Object.keys(before).length - 1} packages as pinned`);
