import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serviceDir = fileURLToPath(new URL('..', import.meta.url));
export const ferryDbCli = join(serviceDir, 'node_modules/@ferry/db/dist/cli.js');
const rootFerryDbCli = join(serviceDir, '../../node_modules/@ferry/db/dist/cli.js');

/** The ferry-db CLI as [node, cli.js]; works before npm has linked the bin. */
export function ferryDb(): string[] {
  return [process.execPath, existsSync(ferryDbCli) ? ferryDbCli : rootFerryDbCli];
}

// The tests import the generated Prisma client: regenerate it when the schema is newer.
export default function setup(): void {
  const schema = join(serviceDir, 'prisma/schema.prisma');
  const client = join(serviceDir, 'src/generated/prisma/client.ts');
  if (existsSync(client) && statSync(client).mtimeMs >= statSync(schema).mtimeMs) return;
  const [node, cli] = ferryDb();
  execFileSync(node!, [cli!, 'generate'], { cwd: serviceDir, stdio: 'inherit' });
}
