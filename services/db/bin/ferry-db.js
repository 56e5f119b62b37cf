#!/usr/bin/env node
// A committed entry so that npm links the `ferry-db` command at install time, before dist/ is built.
await import('../dist/cli.js');
