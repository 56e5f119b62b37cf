// Runs `buf breaking` against the contracts on the main branch.
// buf fails with "had no .proto files" when main has no contracts yet; that case is a pass
// (there is nothing to break), every other buf result is passed through unchanged.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const protoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function git(...args) {
  const r = spawnSync('git', args, { cwd: protoDir, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

// A local branch `main` in a normal clone; CI clones may only have origin/main.
const mainRef = ['refs/heads/main', 'refs/remotes/origin/main'].find(
  (ref) => git('rev-parse', '--verify', '--quiet', ref) !== null,
);
if (!mainRef) {
  console.log('buf breaking: no main branch in this clone; nothing to compare against');
  process.exit(0);
}
const protoFilesOnMain = (git('ls-tree', '-r', '--name-only', mainRef, '--', '.') ?? '')
  .split('\n')
  .filter((f) => f.endsWith('.proto'));
if (protoFilesOnMain.length === 0) {
  console.log(`buf breaking: ${mainRef} has no .proto files under proto/ yet; nothing to compare against`);
  process.exit(0);
}

// buf reads the repository through its .git directory (a file in linked worktrees).
const dotGit = path.join(protoDir, '..', '.git');
const gitDir =
  existsSync(dotGit) && statSync(dotGit).isDirectory()
    ? '../.git'
    : path.resolve(protoDir, git('rev-parse', '--git-common-dir'));
const against =
  mainRef === 'refs/heads/main' ? `${gitDir}#branch=main,subdir=proto` : `${gitDir}#ref=${mainRef},subdir=proto`;

const buf = path.join(protoDir, '..', 'node_modules', '.bin', 'buf');
try {
  execFileSync(existsSync(buf) ? buf : 'buf', ['breaking', '--against', against], { cwd: protoDir, stdio: 'inherit' });
  console.log(`buf breaking: no breaking changes against ${mainRef}`);
} catch (err) {
  process.exit(err.status ?? 1);
}
