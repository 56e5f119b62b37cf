import { fileURLToPath } from 'node:url';
import { ferryDbCommand, generateClientIfStale } from '@ferry/db/testing';

export const serviceDir = fileURLToPath(new URL('..', import.meta.url));
export const ferryDb = ferryDbCommand;

// The tests import the generated Prisma client: regenerate it when the schema is newer.
export default function setup(): void {
  generateClientIfStale(serviceDir);
}
