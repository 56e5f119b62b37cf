#!/usr/bin/env node
import { runCli } from './cli-main.js';
import { closeAllPGlite } from './pglite-registry.js';

const code = await runCli(process.argv.slice(2));
// Flushes persistent PGlite databases the command opened.
await closeAllPGlite().catch(() => undefined);
process.exitCode = code;
