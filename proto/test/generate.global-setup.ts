import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const protoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bufBin = path.join(protoDir, '..', 'node_modules', '.bin', 'buf');

function newestMtime(dir: string, suffix: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(suffix)) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

// The tests import the generated TypeScript: regenerate it when a .proto is newer. (Regenerating
// unconditionally would race with a concurrent `npm run build`, whose buf.gen.yaml cleans src/gen.)
export default function setup(): void {
  const marker = path.join(protoDir, 'src/gen/ferry/link/v1/link.ts');
  const newestProto = Math.max(
    newestMtime(path.join(protoDir, 'ferry'), '.proto'),
    newestMtime(path.join(protoDir, 'grpc'), '.proto'),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestProto) return;
  execFileSync(bufBin, ['generate'], { cwd: protoDir, stdio: 'inherit' });
}
