import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const protoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bufBin = path.join(protoDir, '..', 'node_modules', '.bin', 'buf');

// The tests import the generated TypeScript, so make sure it matches the .proto files.
export default function setup(): void {
  execFileSync(bufBin, ['generate'], { cwd: protoDir, stdio: 'inherit' });
}
