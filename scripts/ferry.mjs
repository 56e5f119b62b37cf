#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run dev`, `npm run build`.
// This file must run on any Node >= 18: it installs the project's dependencies (which include
// Node 24 from the npm registry) and re-runs itself on that Node, where lib/cli.ts does the work.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const binDir = join(root, 'node_modules', '.bin');
const stampFile = join(root, 'node_modules', '.ferry-install-stamp');
const MIN_MAJOR = 22;

function manifestHash() {
  const hash = createHash('sha256');
  const files = ['package.json', 'package-lock.json'];
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  for (const pattern of workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const name of readdirSync(join(root, parent)).sort()) files.push(join(parent, name, 'package.json'));
    } else {
      files.push(join(pattern, 'package.json'));
    }
  }
  for (const file of files) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function ensureInstalled() {
  const wanted = manifestHash();
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (have === wanted && existsSync(join(binDir, 'node'))) return;
  console.log('[ferry] installing dependencies (npm install)…');
  const started = Date.now();
  const install = ['npm', 'install', '--no-audit', '--no-fund', '--loglevel=error'];
  // Serialised with flock where available, so parallel checkouts' installs never interleave.
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const [command, ...args] = hasFlock ? ['flock', join(root, '.npm-lock'), ...install] : install;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error('[ferry] npm install failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, `${manifestHash()}\n`);
  console.log(`[ferry] dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function projectNode() {
  const node = join(binDir, 'node');
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_MAJOR && process.env.FERRY_USE_SYSTEM_NODE === '1') return process.execPath;
  return existsSync(node) ? node : process.execPath;
}

ensureInstalled();
const node = projectNode();
const env = { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}`, FERRY_ROOT: root };

if (process.env.FERRY_REEXEC !== '1' && node !== process.execPath) {
  const child = spawn(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...env, FERRY_REEXEC: '1' },
  });
  let forwarded = false;
  const stop = (signal) => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  // A parent that went away (this process was handed to another) is a SIGTERM: `npm start` runs this
  // under `sh -c`, which dies of a SIGTERM without passing it on, and npm itself may be SIGKILLed.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop('SIGTERM'), 500).unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_MAJOR) {
    console.error(`[ferry] Node ${process.versions.node} is too old and node_modules/.bin/node is missing`);
    process.exit(1);
  }
  process.env.PATH = env.PATH;
  process.env.FERRY_ROOT = root;
  const { main } = await import(pathToFileURL(join(root, 'scripts', 'lib', 'cli.ts')).href);
  await main(process.argv.slice(2));
}
