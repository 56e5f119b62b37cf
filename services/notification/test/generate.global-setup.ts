import { fileURLToPath } from 'node:url';
import { ferryDbCommand, prepareServiceTests } from '@ferry/db/testing';

export const serviceDir = fileURLToPath(new URL('..', import.meta.url));
export const ferryDb = ferryDbCommand;

// The tests import the generated Prisma client (regenerated when the schema is newer) and open
// in-memory PGlite databases (started from a checked template).
export default function setup(): Promise<void> {
  return prepareServiceTests(serviceDir);
}
